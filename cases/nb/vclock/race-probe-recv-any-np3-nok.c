// DESCRIPTION: Rank 0 probes on MPI_ANY_SOURCE for a message's size, then receives with MPI_Recv on MPI_ANY_SOURCE, which may take the other sender's message instead of the probed one; ranks 1 and 2 send.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/vclock/race-probe-recv-source-np3-ok
// NOTE: MPI-3.1 §3.8.1: only a receive with the probed message's source and tag (and communicator) is guaranteed to receive the probed message; a wildcard receive after the probe races with the other sender.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 2; k++) {
            MPI_Status status;
            int count;
            MPI_Probe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
            MPI_Get_count(&status, MPI_INT, &count);
            MPI_Recv(&got[k], count, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
            sink = got[k];
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                     // @send
    }
    MPI_Finalize();
    return 0;
}
