// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 loads the origin buffer `value` of an MPI_Get_accumulate (MPI_SUM) while it is pending; the operation only reads that buffer, so the concurrent load is allowed (a lock_all epoch, a window created on heap memory).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/origin-matrix/lockall-getacc-origin-store-nok
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
    int value = 1;
    int result = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Get_accumulate(&value, 1, MPI_INT, &result, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op
        sink = value;  // @access
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
