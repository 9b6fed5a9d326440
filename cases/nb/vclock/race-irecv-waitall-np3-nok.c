// DESCRIPTION: Rank 0 posts two MPI_Irecv on MPI_ANY_SOURCE and completes them with MPI_Waitall ignoring the statuses, assuming the first request holds rank 1's message; ranks 1 and 2 send.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: irecv send
// TWIN: nb/vclock/race-irecv-waitall-source-np3-ok
// NOTE: MPI-3.1 §3.5: a pending wildcard receive takes whichever message of the two senders arrives first.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request reqs[2];
        for (int k = 0; k < 2; k++)
            MPI_Irecv(&got[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[k]); // @irecv
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        for (int k = 0; k < 2; k++)
            sink = got[k];
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                         // @send
    }
    MPI_Finalize();
    return 0;
}
