// DESCRIPTION: Both ranks swap two values with MPI_Sendrecv, rank 0 sending MPI_INT while rank 1 receives MPI_FLOAT; the type signatures do not match.
// NPROCS: 2
// EXPECT: error nb.match.type-mismatch
// EXPECT-AT: sendrecv
// TWIN: nb/vclock/sendrecv-type-ok
// NOTE: MPI-3.1 §3.3.1: the type signature of the send must match that of the receive.
#include <mpi.h>

static volatile float sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank;
    int out[2] = {1, 2};
    float in[2];
    MPI_Sendrecv(out, 2, MPI_INT, peer, 0, in, 2, rank == 1 ? MPI_FLOAT : MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @sendrecv
    for (int i = 0; i < 2; i++)
        sink = in[i];
    MPI_Finalize();
    return 0;
}
