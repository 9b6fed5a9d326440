// DESCRIPTION: Every rank stores into the send buffer of an MPI_Iallgather after MPI_Wait completed it.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int mine[2] = {rank, 10 * rank};
    int all[4] = {0};
    MPI_Request req;
    MPI_Iallgather(mine, 2, MPI_INT, all, 2, MPI_INT, MPI_COMM_WORLD, &req); // @iallgather
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    mine[1] = -1; // @store
    printf("rank %d: %d %d %d %d\n", rank, all[0], all[1], all[2], all[3]);

    MPI_Finalize();
    return 0;
}
