// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues an MPI_Get_accumulate (MPI_SUM) and rank 2 an MPI_Put in lock_all epochs ordered only by an MPI_Barrier, on the disjoint locations window[0] and window[1] of rank 1.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/cross-origin-matrix/lockall-getacc-put-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    /* the origin buffers of ranks 0 and 2 */
    int value = 1;
    int result = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank != 1)
        MPI_Win_lock_all(0, win);
    if (rank == 0) {
        MPI_Get_accumulate(&value, 1, MPI_INT, &result, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op-a
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 2) {
        MPI_Put(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, win);  // @op-b
    }
    if (rank != 1)
        MPI_Win_unlock_all(win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
