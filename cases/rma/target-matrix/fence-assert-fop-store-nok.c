// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 stores to window[0] inside the same fence epoch while rank 0's MPI_Fetch_and_op (MPI_SUM) updates it (a fence epoch opened with MPI_MODE_NOPRECEDE and closed with MPI_MODE_NOSUCCEED, a window created on heap memory).
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op access
// TWIN: rma/target-matrix/fence-assert-fop-store-after-ok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
// NOTE: MPI-3.1 11.3 and 11.7: concurrent conflicting accesses to a window location are erroneous; the window owner may access a location updated (or, for a store, read) by an RMA operation only after a synchronisation that completes the operation at the target and orders the owner after it.
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window = calloc(4, sizeof(int));
    MPI_Win win;
    MPI_Win_create(window, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 1;
    int result = 0;

    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0) {
        MPI_Fetch_and_op(&value, &result, MPI_INT, 1, 0, MPI_SUM, win);  // @op
    } else {
        window[0] = 2;  // @access
    }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
