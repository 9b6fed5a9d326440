// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 stores to window[0] inside the same fence epoch while rank 0's MPI_Put updates it (a fence epoch opened with MPI_MODE_NOPRECEDE and closed with MPI_MODE_NOSUCCEED, a window created on a stack array).
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op access
// TWIN: rma/target-matrix/fence-assert-put-store-after-ok rma/target-matrix/fence-assert-put-store-disjoint-ok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
// NOTE: MPI-3.1 11.3 and 11.7: concurrent conflicting accesses to a window location are erroneous; the window owner may access a location updated (or, for a store, read) by an RMA operation only after a synchronisation that completes the operation at the target and orders the owner after it.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 1;

    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0) {
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    } else {
        window[0] = 2;  // @access
    }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
