// DESCRIPTION: Ranks 1 and 2 send one MPI_2INT to MPI_Gather and the root receives 2 MPI_INT per rank: both signatures are (int,int).
// NPROCS: 3
// EXPECT: ok
// TWIN: coll/arg/gather-2int-vs-two-floats-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.9.4 defines MPI_2INT as a pair of ints (MPI_Type_contiguous(2, MPI_INT)); §3.3.1 and §5.5 match type signatures, not datatype names.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int pair[2] = {rank, -rank};
    int all[2 * 3];
    if (rank == 0)
        MPI_Gather(pair, 2, MPI_INT, all, 2, MPI_INT, 0, MPI_COMM_WORLD);  // @gather_root
    else
        MPI_Gather(pair, 1, MPI_2INT, all, 2, MPI_INT, 0, MPI_COMM_WORLD); // @gather_leaf

    MPI_Finalize();
    return rank == 0 && (all[4] != 2 || all[5] != -2);
}
