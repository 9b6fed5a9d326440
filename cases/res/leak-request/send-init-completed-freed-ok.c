// DESCRIPTION: Rank 0 starts and completes a persistent MPI_Send_init request twice, then frees it.
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
        MPI_Send_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
        for (int i = 0; i < 2; i++) {
            MPI_Start(&req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
        MPI_Request_free(&req);
    } else if (rank == 1) {
        for (int i = 0; i < 2; i++) {
            MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            sink = value; /* each message is read */
        }
    }

    MPI_Finalize();
    return 0;
}
