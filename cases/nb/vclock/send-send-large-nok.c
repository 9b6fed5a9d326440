// DESCRIPTION: Both ranks MPI_Send 1 MiB to each other before receiving; neither MPI buffers that much, so both sends wait for a receive.
// NPROCS: 2
// EXPECT: error nb.match.deadlock
// EXPECT-AT: send
// TWIN: nb/vclock/isend-large-swap-ok nb/vclock/sendrecv-swap-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §3.5 Example 3.9: a program that needs standard-mode sends to be buffered is unsafe; with messages this large both MPIs use a rendezvous and the run hangs.
#include <mpi.h>
#include <stdlib.h>

enum { N = 1 << 18 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank;
    int *out = calloc(N, sizeof *out), *in = calloc(N, sizeof *in);
    MPI_Send(out, N, MPI_INT, peer, 0, MPI_COMM_WORLD);                  // @send
    MPI_Recv(in, N, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
