// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 stores to window[0] while rank 0 may still hold its lock (no synchronisation orders the two) while rank 0's MPI_Put updates it (a shared lock epoch, a window created on a stack array).
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op access
// TWIN: rma/target-matrix/lock-shared-put-store-after-ok rma/target-matrix/lock-shared-put-store-disjoint-ok
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
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
    } else {
        window[0] = 2;  // @access
    }
    MPI_Barrier(MPI_COMM_WORLD); /* after rank 0's epoch has ended */

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
