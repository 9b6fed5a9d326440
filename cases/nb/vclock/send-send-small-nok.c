// DESCRIPTION: Both ranks MPI_Send one int to each other before receiving; it completes natively only because both MPIs buffer small messages.
// NPROCS: 2
// EXPECT: error nb.match.deadlock
// EXPECT-AT: send
// TWIN: nb/vclock/send-recv-ordered-ok nb/vclock/sendrecv-swap-ok
// TIMEOUT: 10
// NOTE: MPI-3.1 §3.5 Example 3.9: a program whose completion depends on the buffering of standard-mode sends is unsafe; §3.4 lets MPI_Send wait for the matching receive, and then both ranks wait for ever.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank, out = rank + 1, in = 0;
    MPI_Send(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);                  // @send
    MPI_Recv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    sink = in;
    MPI_Finalize();
    return 0;
}
