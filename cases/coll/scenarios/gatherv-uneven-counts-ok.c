// DESCRIPTION: Rank r sends r+1 ints to MPI_Gatherv and the root expects exactly those counts: uneven contributions that match.
// NPROCS: 3
// EXPECT: ok
// TWIN: coll/scenarios/gatherv-uneven-counts-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int mine[3] = {rank, rank, rank};
    int all[6] = {0, 0, 0, 0, 0, 0};
    int counts[3] = {1, 2, 3};
    int displs[3] = {0, 1, 3};
    MPI_Gatherv(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD); // @gatherv

    MPI_Finalize();
    return rank == 0 && all[5] != 2;
}
