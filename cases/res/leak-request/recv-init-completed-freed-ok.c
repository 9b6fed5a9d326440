// DESCRIPTION: Rank 0 starts and completes a persistent MPI_Recv_init request, then frees it.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 42;

    if (rank == 0) {
        MPI_Request req;
        MPI_Recv_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
    } else if (rank == 1) {
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    sink = value; /* what rank 0 received is read */
    MPI_Finalize();
    return 0;
}
