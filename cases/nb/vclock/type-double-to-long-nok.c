// DESCRIPTION: Rank 0 sends two MPI_DOUBLE values that rank 1 receives as two MPI_LONG of the same size; the type signatures do not match.
// NPROCS: 2
// EXPECT: error nb.match.type-mismatch
// EXPECT-AT: send recv
// TWIN: nb/vclock/type-double-to-double-ok
// NOTE: MPI-3.1 §3.3.1: the basic types of send and receive must match, whatever their sizes.
#include <mpi.h>

static volatile long sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        double out[2] = {1.0, 2.0};
        MPI_Send(out, 2, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);                   // @send
    } else {
        long in[2];
        MPI_Recv(in, 2, MPI_LONG, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);   // @recv
        for (int i = 0; i < 2; i++)
            sink = in[i];
    }
    MPI_Finalize();
    return 0;
}
