// DESCRIPTION: Every rank reads the receive buffer of an MPI_Ialltoall in a loop after MPI_Wait completed it.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int out[2] = {rank, rank + 10};
    int in[2] = {0};
    int sum = 0;
    MPI_Request req;
    MPI_Ialltoall(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD, &req); // @ialltoall
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    for (int i = 0; i < 2; i++)
        sum += in[i]; // @load
    printf("rank %d: sum %d\n", rank, sum);

    MPI_Finalize();
    return 0;
}
