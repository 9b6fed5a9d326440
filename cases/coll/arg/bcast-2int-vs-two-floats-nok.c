// DESCRIPTION: Rank 0 broadcasts one MPI_2INT (signature int,int) while rank 1 receives 2 MPI_FLOAT.
// NPROCS: 2
// EXPECT: error coll.arg.type-mismatch
// EXPECT-AT: root leaf
// TWIN: coll/arg/bcast-2int-vs-two-ints-ok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.4: the type signature of count, datatype at any process must equal that at the root; §5.9.4 defines MPI_2INT as a pair of ints.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int pair[2] = {7, 1};
        MPI_Bcast(pair, 1, MPI_2INT, 0, MPI_COMM_WORLD);   // @root
    } else {
        float received[2];
        MPI_Bcast(received, 2, MPI_FLOAT, 0, MPI_COMM_WORLD); // @leaf
    }

    MPI_Finalize();
    return 0;
}
