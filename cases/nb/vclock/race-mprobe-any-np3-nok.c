// DESCRIPTION: Rank 0 takes two messages with MPI_Mprobe on MPI_ANY_SOURCE ignoring the status and MPI_Mrecv, assuming rank 1's comes first; ranks 1 and 2 send.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: mprobe send
// TWIN: nb/vclock/race-mprobe-source-np3-ok
// NOTE: MPI-3.1 §3.8.2: a matched probe matches like a receive, so on MPI_ANY_SOURCE it takes whichever sender's message arrived first (§3.5).
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 2; k++) {
            MPI_Message msg;
            MPI_Mprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE); // @mprobe
            MPI_Mrecv(&got[k], 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
            sink = got[k];
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                         // @send
    }
    MPI_Finalize();
    return 0;
}
