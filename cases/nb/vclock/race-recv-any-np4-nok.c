// DESCRIPTION: Ranks 1-3 each send their rank to rank 0, which takes them with MPI_Recv on MPI_ANY_SOURCE ignoring the status and stores them in arrival order as if they came in rank order.
// NPROCS: 4
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/vclock/race-recv-any-token-np4-ok
// NOTE: MPI-3.1 §3.5: messages of different senders are not ordered.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[3] = {0, 0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 3; k++)
            MPI_Recv(&got[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        for (int k = 0; k < 3; k++)
            sink = got[k];
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                 // @send
    }
    MPI_Finalize();
    return 0;
}
