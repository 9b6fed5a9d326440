// DESCRIPTION: Rank 0 starts a persistent receive on MPI_ANY_SOURCE twice, polling MPI_Request_get_status until each is complete, but tells rank 2 to send right after the first start: either sender's message may complete the first receive.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: start send
// TWIN: nb/vclock/race-get-status-persistent-before-go-np3-ok
// NOTE: MPI-3.1 §3.5: a pending wildcard receive takes whichever message of the two senders arrives first; rank 2's send is ordered after the go message, not after the receive.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, x = 0, got[2] = {0, 0}, go = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        MPI_Recv_init(&x, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &req);
        for (int k = 0; k < 2; k++) {
            int done = 0;
            MPI_Start(&req);                                                    // @start
            if (k == 0) MPI_Send(&go, 1, MPI_INT, 2, 1, MPI_COMM_WORLD);
            while (!done)
                MPI_Request_get_status(req, &done, MPI_STATUS_IGNORE);
            MPI_Request_get_status(req, &done, MPI_STATUS_IGNORE);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            got[k] = x;
        }
        MPI_Request_free(&req);
        for (int k = 0; k < 2; k++)
            sink = got[k];
    } else {
        if (rank == 2) {
            MPI_Recv(&go, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            sink = go;
        }
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                   // @send
    }
    MPI_Finalize();
    return 0;
}
