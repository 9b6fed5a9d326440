// DESCRIPTION: Rank 0 starts one persistent MPI_Recv_init on MPI_ANY_SOURCE twice, storing the values in arrival order and assuming rank 1's comes first; ranks 1 and 2 send.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: start send
// TWIN: nb/vclock/race-persistent-recv-source-np3-ok
// NOTE: MPI-3.1 §3.5 and §3.9: each start of a persistent wildcard receive takes whichever message arrives first.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, value = 0, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        MPI_Recv_init(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &req);
        for (int k = 0; k < 2; k++) {
            MPI_Start(&req);                                                // @start
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            got[k] = value;
        }
        MPI_Request_free(&req);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                  // @send
    }
    MPI_Finalize();
    (void)got; /* order-dependent: got[0] is taken to be rank 1's value */
    return 0;
}
