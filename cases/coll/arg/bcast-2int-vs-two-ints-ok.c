// DESCRIPTION: Rank 0 broadcasts one MPI_2INT (signature int,int) and rank 1 receives 2 MPI_INT, the same signature.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg/bcast-2int-vs-two-floats-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.9.4 defines MPI_2INT as a pair of ints; §3.3.1 and §5.4 match type signatures, not datatype names.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int failed = 0;
    if (rank == 0) {
        int pair[2] = {7, 1};
        MPI_Bcast(pair, 1, MPI_2INT, 0, MPI_COMM_WORLD);   // @root
    } else {
        int received[2];
        MPI_Bcast(received, 2, MPI_INT, 0, MPI_COMM_WORLD);   // @leaf
        failed = received[0] != 7 || received[1] != 1;
    }

    MPI_Finalize();
    return failed;
}
