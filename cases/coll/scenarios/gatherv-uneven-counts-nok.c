// DESCRIPTION: Rank r sends r+1 ints to MPI_Gatherv but the root expects 2 ints from every rank, so ranks 0 and 2 disagree with the root on their counts.
// NPROCS: 3
// EXPECT: error coll.arg.type-mismatch
// EXPECT-AT: gatherv
// TWIN: coll/scenarios/gatherv-uneven-counts-ok
// TAGS: crash
// NOTE: MPI-3.1 §5.5: the type signature of sendcount, sendtype on process i must equal that of recvcounts[i], recvtype at the root. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int mine[3] = {rank, rank, rank};
    int all[6] = {0, 0, 0, 0, 0, 0};
    int counts[3] = {2, 2, 2};
    int displs[3] = {0, 2, 4};
    MPI_Gatherv(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD); // @gatherv

    MPI_Finalize();
    return 0;
}
