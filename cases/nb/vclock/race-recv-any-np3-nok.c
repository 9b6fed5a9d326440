// DESCRIPTION: Ranks 1 and 2 each send their rank to rank 0, which takes them with two MPI_Recv on MPI_ANY_SOURCE ignoring the status and assumes the first comes from rank 1.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/vclock/race-recv-source-np3-ok nb/vclock/race-recv-any-ordered-np3-ok
// NOTE: MPI-3.1 §3.5: messages of different senders are not ordered; which one the first wildcard receive takes depends on timing.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 2; k++)
            MPI_Recv(&got[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        for (int k = 0; k < 2; k++)
            sink = got[k];
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                 // @send
    }
    MPI_Finalize();
    return 0;
}
