// DESCRIPTION: Rank 1 polls its MPI_Irecv with MPI_Test and reads the receive buffer only after a test returned flag = 1 (the sender sends after a barrier).
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = -1, seen = -1;
    if (rank == 0) {
        value = 42;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        int flag = 0;
        MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // @irecv
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD);
        while (!flag)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        seen = value; // @load
        printf("seen %d, received %d\n", seen, value);
    }

    MPI_Finalize();
    return 0;
}
