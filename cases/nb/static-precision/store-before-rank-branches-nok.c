// DESCRIPTION: Both ranks start an exchange and clear the send buffer before the rank-dependent branches that complete the requests.
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: isend store
// TWIN: nb/static-precision/wait-in-both-rank-branches-ok
// NOTE: MPI-3.1 §3.7.2: the send buffer must not be modified until the send completes.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int out = rank + 1, in = 0, peer = 1 - rank;
    MPI_Request requests[2];
    MPI_Isend(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &requests[0]); // @isend
    MPI_Irecv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &requests[1]);
    out = 0; // @store
    if (rank == 0) {
        MPI_Wait(&requests[0], MPI_STATUS_IGNORE);
        MPI_Wait(&requests[1], MPI_STATUS_IGNORE);
    } else {
        MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    }
    sink = in;
    MPI_Finalize();
    return 0;
}
