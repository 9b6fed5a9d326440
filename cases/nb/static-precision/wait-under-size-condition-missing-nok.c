// DESCRIPTION: Every rank exchanges with its neighbour under if (size > 1) but waits only for the receive; the send request is never completed.
// NPROCS: 2
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: isend
// TWIN: nb/static-precision/wait-under-size-condition-ok
// NOTE: MPI-3.1 §3.7.3: a nonblocking request must be completed (or freed) before MPI_Finalize.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int out = rank, in = -1;
    if (size > 1) {
        int peer = (rank + 1) % size, from = (rank + size - 1) % size;
        MPI_Request send, recv;
        MPI_Irecv(&in, 1, MPI_INT, from, 0, MPI_COMM_WORLD, &recv);
        MPI_Isend(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &send); // @isend
        MPI_Wait(&recv, MPI_STATUS_IGNORE);
        sink = in;
    }
    MPI_Finalize();
    return 0;
}
