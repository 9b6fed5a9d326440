// DESCRIPTION: Rank 1 sends to rank 0, then tells rank 2 to send to rank 0 too; rank 0 takes both on MPI_ANY_SOURCE ignoring the status and assumes rank 1's message comes first.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send1 send2
// TWIN: nb/vclock/race-recv-any-ordered-np3-ok
// NOTE: MPI-3.1 §3.5 orders only messages of one sender: that rank 1's send happens before rank 2's does not order their arrival at rank 0, so the first wildcard receive may take either (only a send after the receive is ordered after it).
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0}, go = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 2; k++)
            MPI_Recv(&got[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        for (int k = 0; k < 2; k++)
            sink = got[k];
    } else if (rank == 1) {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                 // @send1
        MPI_Send(&go, 1, MPI_INT, 2, 1, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&go, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = go;
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                 // @send2
    }
    MPI_Finalize();
    return 0;
}
