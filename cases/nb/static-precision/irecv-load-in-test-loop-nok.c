// DESCRIPTION: Rank 1 reads the buffer of its MPI_Irecv right after starting it, before the MPI_Test loop that completes it.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv load
// TWIN: nb/static-precision/irecv-load-after-test-loop-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 0, seen = 0;
    if (rank == 0) {
        value = 9;
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        int done = 0;
        MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &request); // @irecv
        seen = value;                                                  // @load
        while (!done)
            MPI_Test(&request, &done, MPI_STATUS_IGNORE);
        sink = value;
    }
    (void)seen;
    MPI_Finalize();
    return 0;
}
