// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 stores to the origin buffer `result` of an MPI_Get only after MPI_Win_unlock_all has completed it (a lock_all epoch, a window created on heap memory).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/origin-matrix/lockall-get-result-store-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
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
    int result = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Get(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_unlock_all(win);
        result = 2;  // @access
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
