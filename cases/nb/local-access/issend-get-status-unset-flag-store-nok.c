// DESCRIPTION: Rank 0 asks MPI_Request_get_status about its MPI_Issend once and stores to the send buffer although it returned flag = 0 (the receiver posts its receive only after a barrier that follows the store).
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: issend store
// TWIN: nb/local-access/issend-get-status-set-flag-store-ok
// NOTE: MPI-3.1 §3.7.3: MPI_Request_get_status with flag = 0 says the send is not complete; its buffer must not be modified until a call says it is.
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
        int flag = 0;
        MPI_Issend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @issend
        MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
        value = 7; // @store
        MPI_Barrier(MPI_COMM_WORLD);
        while (!flag)
            MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = value;
    }

    MPI_Finalize();
    return 0;
}
