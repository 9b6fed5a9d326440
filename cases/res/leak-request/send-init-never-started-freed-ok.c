// DESCRIPTION: Rank 0 creates a persistent MPI_Send_init request, never starts it, and frees it.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 42;

    if (rank == 0) {
        MPI_Request req;
        MPI_Send_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
        MPI_Request_free(&req);
    } else if (rank == 1) {

    }

    MPI_Finalize();
    return 0;
}
