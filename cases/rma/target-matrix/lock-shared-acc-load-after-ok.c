// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 loads window[0] only after an MPI_Barrier that follows rank 0's unlock, once rank 0's MPI_Accumulate (MPI_SUM) has completed (a shared lock epoch, a window from MPI_Win_allocate).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/target-matrix/lock-shared-acc-load-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
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
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD); /* after rank 0's epoch has ended */
    if (rank == 1) {
        sink = window[0];  // @access
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
