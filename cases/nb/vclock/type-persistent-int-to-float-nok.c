// DESCRIPTION: Rank 0 sends three MPI_INT with a persistent MPI_Send_init started twice; rank 1 receives each with a persistent MPI_Recv_init of three MPI_FLOAT.
// NPROCS: 2
// EXPECT: error nb.match.type-mismatch
// EXPECT-AT: start recvinit
// TWIN: nb/vclock/type-persistent-int-to-int-ok
// NOTE: MPI-3.1 §3.3.1 and §3.9: a persistent request matches like the nonblocking call it stands for.
#include <mpi.h>

static volatile float sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Request req;
    int out[3] = {1, 2, 3};
    float in[3];
    if (rank == 0)
        MPI_Send_init(out, 3, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    else
        MPI_Recv_init(in, 3, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, &req);   // @recvinit
    for (int k = 0; k < 2; k++) {
        MPI_Start(&req);                                              // @start
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        if (rank == 1) /* each round reads what it received */
            for (int i = 0; i < 3; i++)
                sink = in[i];
    }
    MPI_Request_free(&req);
    MPI_Finalize();
    return 0;
}
