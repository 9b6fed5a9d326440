// DESCRIPTION: Rank 0 posts three MPI_Irecv on MPI_ANY_SOURCE and completes them with MPI_Waitany ignoring the status, taking the slot index for the sender; ranks 1-3 send.
// NPROCS: 4
// EXPECT: error nb.match.message-race
// EXPECT-AT: irecv send
// TWIN: nb/vclock/race-irecv-waitany-status-np4-ok
// NOTE: MPI-3.1 §3.5: which request takes which sender's message depends on arrival order; the index MPI_Waitany returns names the request, not the sender.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[3] = {0, 0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request reqs[3];
        for (int k = 0; k < 3; k++)
            MPI_Irecv(&got[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[k]); // @irecv
        for (int k = 0; k < 3; k++) {
            int which;
            MPI_Waitany(3, reqs, &which, MPI_STATUS_IGNORE);
            sink = got[which];
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                         // @send
    }
    MPI_Finalize();
    return 0;
}
