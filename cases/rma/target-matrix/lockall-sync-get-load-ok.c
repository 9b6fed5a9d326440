// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 loads window[0] before the MPI_Barrier that orders it after MPI_Win_flush while rank 0's MPI_Get reads it; two reads do not conflict (a lock_all epoch on every rank, a window created on heap memory).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/target-matrix/lockall-sync-get-store-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
#include <mpi.h>
#include <stdlib.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window = calloc(4, sizeof(int));
    MPI_Win win;
    MPI_Win_create(window, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int result = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    MPI_Win_lock_all(0, win);
    if (rank == 0) {
        MPI_Get(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_flush(1, win);
    } else {
        sink = window[0];  // @access
    }
    MPI_Barrier(MPI_COMM_WORLD); /* rank 0's update is complete */
    MPI_Win_unlock_all(win);

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
