// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 loads window[0] inside the same fence epoch while rank 0's MPI_Accumulate (MPI_SUM) updates it (a fence epoch, a window from MPI_Win_allocate).
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op access
// TWIN: rma/target-matrix/fence-acc-load-after-ok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
// NOTE: MPI-3.1 11.3 and 11.7: concurrent conflicting accesses to a window location are erroneous; the window owner may access a location updated (or, for a store, read) by an RMA operation only after a synchronisation that completes the operation at the target and orders the owner after it.
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
    for (int i = 0; i < 4; i++)
        window[i] = 0;
    int value = 1;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op
    } else {
        sink = window[0];  // @access
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
