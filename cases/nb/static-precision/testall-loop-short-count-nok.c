// DESCRIPTION: Each rank starts an MPI_Irecv and an MPI_Isend with its neighbour but polls only the first (count 1) with MPI_Testall, so the send request is never completed.
// NPROCS: 2
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: isend
// TWIN: nb/static-precision/testall-loop-ok
// NOTE: MPI-3.1 §3.7.3: a nonblocking request must be completed (or freed) before MPI_Finalize.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int out = rank, in = -1, done = 0;
    int peer = 1 - rank;
    MPI_Request requests[2];
    MPI_Irecv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &requests[0]);
    MPI_Isend(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &requests[1]); // @isend
    while (!done)
        MPI_Testall(1, requests, &done, MPI_STATUSES_IGNORE);
    sink = in;
    MPI_Finalize();
    return 0;
}
