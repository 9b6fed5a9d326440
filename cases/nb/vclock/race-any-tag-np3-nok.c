// DESCRIPTION: Rank 1 sends with tag 1 and rank 2 with tag 2; rank 0 takes both with MPI_Recv on MPI_ANY_SOURCE and MPI_ANY_TAG ignoring the status and assumes the first has tag 1.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/vclock/race-any-source-by-tag-np3-ok
// NOTE: MPI-3.1 §3.5: with both wildcards, the first receive takes whichever message arrives first.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 2; k++)
            MPI_Recv(&got[k], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        for (int k = 0; k < 2; k++)
            sink = got[k];
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, rank, MPI_COMM_WORLD);                                       // @send
    }
    MPI_Finalize();
    return 0;
}
