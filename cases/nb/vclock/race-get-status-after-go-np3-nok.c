// DESCRIPTION: Rank 0 posts an MPI_Irecv on MPI_ANY_SOURCE, tells rank 2 to send before polling it with MPI_Request_get_status, and assumes the first receive holds rank 1's message: rank 2's send may arrive first.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: irecv send
// TWIN: nb/vclock/race-get-status-before-go-np3-ok
// NOTE: MPI-3.1 §3.5: a pending wildcard receive takes whichever message of the two senders arrives first; rank 2's send is ordered after the go message, not after the receive.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0}, go = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        int done = 0;
        MPI_Irecv(&got[0], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &req); // @irecv
        MPI_Send(&go, 1, MPI_INT, 2, 1, MPI_COMM_WORLD);
        while (!done)
            MPI_Request_get_status(req, &done, MPI_STATUS_IGNORE);
        MPI_Recv(&got[1], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int k = 0; k < 2; k++)
            sink = got[k];
    } else {
        if (rank == 2) {
            MPI_Recv(&go, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            sink = go;
        }
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                       // @send
    }
    MPI_Finalize();
    return 0;
}
