// DESCRIPTION: Rank 1 asks MPI_Request_get_status about its MPI_Irecv once and reads the receive buffer although it returned flag = 0 (the sender sends only after a barrier that follows the read).
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv load
// TWIN: nb/local-access/irecv-get-status-set-flag-load-ok
// NOTE: MPI-3.1 §3.7.3: MPI_Request_get_status with flag = 0 says the receive is not complete; its buffer must not be accessed until a call says it is.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = -1;
    if (rank == 0) {
        value = 42;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        int flag = 0;
        MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // @irecv
        MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
        sink = value; // @load
        MPI_Barrier(MPI_COMM_WORLD);
        while (!flag)
            MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    return 0;
}
