// DESCRIPTION: Over three steps, rank 1 starts an MPI_Irecv and accumulates the buffer's value before waiting for it.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv load
// TWIN: nb/static-precision/irecv-steps-read-after-wait-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 0, total = 0;
    for (int step = 0; step < 3; step++) {
        if (rank == 0) {
            value = step + 1;
            MPI_Send(&value, 1, MPI_INT, 1, step, MPI_COMM_WORLD);
        } else if (rank == 1) {
            MPI_Request request;
            MPI_Irecv(&value, 1, MPI_INT, 0, step, MPI_COMM_WORLD, &request); // @irecv
            total += value;                                                   // @load
            MPI_Wait(&request, MPI_STATUS_IGNORE);
            sink = value;
        }
    }
    (void)total;
    MPI_Finalize();
    return 0;
}
