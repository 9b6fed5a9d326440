// DESCRIPTION: Both ranks first MPI_Ssend to each other and only then receive, so each synchronous send waits forever for the other's receive.
// NPROCS: 2
// EXPECT: error nb.match.deadlock
// EXPECT-AT: ssend
// TWIN: nb/match/ssend-ordered-ok nb/match/sendrecv-exchange-ok
// TAGS: smoke deadlock
// TIMEOUT: 5
// NOTE: MPI-3.1 §3.4: MPI_Ssend completes only once the matching receive has started; the send-send cycle deadlocks on every implementation. The ssend line runs on both ranks.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int peer = 1 - rank;
    int out = rank + 1;
    int in = 0;
    MPI_Ssend(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);                // @ssend
    MPI_Recv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv

    int failed = in != peer + 1;
    MPI_Finalize();
    return failed;
}
