// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 stores to window[0] only after a message that rank 0 sends once MPI_Win_flush returned, once rank 0's MPI_Get has completed (a shared lock epoch, a window created on heap memory).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/target-matrix/lock-flush-get-store-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>

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

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_flush(1, win);
        MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD); /* the update is complete */
        MPI_Win_unlock(1, win);
    } else {
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        window[0] = 2;  // @access
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
