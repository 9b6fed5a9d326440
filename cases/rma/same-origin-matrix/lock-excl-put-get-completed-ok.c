// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues an MPI_Put and then an MPI_Get to window[0] of rank 1 with MPI_Win_flush between them, which completes the first at the target (an exclusive lock epoch).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/same-origin-matrix/lock-excl-put-get-nok
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
    int value1 = 1;
    int result2 = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value1, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op1
        MPI_Win_flush(1, win);
        MPI_Get(&result2, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op2
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
