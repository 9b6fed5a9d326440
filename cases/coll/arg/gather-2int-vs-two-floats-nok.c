// DESCRIPTION: Ranks 1 and 2 send one MPI_2INT to MPI_Gather while the root receives 2 MPI_FLOAT per rank: the signatures (int,int) and (float,float) differ.
// NPROCS: 3
// EXPECT: error coll.arg.type-mismatch
// EXPECT-AT: gather_root gather_leaf
// TWIN: coll/arg/gather-2int-vs-two-ints-ok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.5: the type signature of sendcount, sendtype at each process must equal that of recvcount, recvtype at the root; §5.9.4 defines MPI_2INT as a pair of ints.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int pair[2] = {rank, -rank};
    float all[2 * 3];
    if (rank == 0) {
        float mine[2] = {0.0f, 0.0f};
        MPI_Gather(mine, 2, MPI_FLOAT, all, 2, MPI_FLOAT, 0, MPI_COMM_WORLD); // @gather_root
    } else {
        MPI_Gather(pair, 1, MPI_2INT, all, 2, MPI_FLOAT, 0, MPI_COMM_WORLD);  // @gather_leaf
    }

    MPI_Finalize();
    return 0;
}
