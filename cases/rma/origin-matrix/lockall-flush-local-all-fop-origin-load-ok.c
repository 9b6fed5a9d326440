// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 loads the origin buffer `value` of an MPI_Fetch_and_op (MPI_SUM) while it is pending; the operation only reads that buffer, so the concurrent load is allowed (a lock_all epoch, a window from MPI_Win_allocate).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/origin-matrix/lockall-flush-local-all-fop-origin-store-nok
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
    int result = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Fetch_and_op(&value, &result, MPI_INT, 1, 0, MPI_SUM, win);  // @op
        sink = value;  // @access
        MPI_Win_flush_local_all(win);
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
