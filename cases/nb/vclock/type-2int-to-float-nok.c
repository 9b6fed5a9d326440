// DESCRIPTION: Rank 0 sends one MPI_2INT (signature int,int) that rank 1 receives as 2 MPI_FLOAT of the same size; the type signatures do not match.
// NPROCS: 2
// EXPECT: error nb.match.type-mismatch
// EXPECT-AT: send recv
// TWIN: nb/vclock/type-2int-to-int-ok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §3.3.1: the basic types of send and receive must match; §5.9.4 defines MPI_2INT as a pair of ints.
#include <mpi.h>

static volatile float sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int pair[2] = {7, 1};
        MPI_Send(pair, 1, MPI_2INT, 1, 0, MPI_COMM_WORLD);                        // @send
    } else {
        float received[2];
        MPI_Recv(received, 2, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        for (int i = 0; i < 2; i++)
            sink = received[i];
    }
    MPI_Finalize();
    return 0;
}
