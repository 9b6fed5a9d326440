// DESCRIPTION: Rank 0 reuses the buffer of its MPI_Isend before calling the helper function that completes it with MPI_Wait.
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: isend store
// TWIN: nb/static-precision/isend-store-after-helper-wait-ok
// NOTE: MPI-3.1 §3.7.2: the send buffer must not be modified until the send completes.
#include <mpi.h>

static volatile long sink; /* received values are loaded here: read, nothing decided on them */

static void finish(MPI_Request *request) { MPI_Wait(request, MPI_STATUS_IGNORE); }

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long value = 40;
    if (rank == 0) {
        MPI_Request request;
        MPI_Isend(&value, 1, MPI_LONG, 1, 0, MPI_COMM_WORLD, &request); // @isend
        value = 41;                                                     // @store
        finish(&request);
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = value;
    }
    MPI_Finalize();
    return 0;
}
