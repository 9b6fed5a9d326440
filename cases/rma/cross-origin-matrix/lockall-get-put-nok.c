// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues an MPI_Get and rank 2 an MPI_Put on window[0] of rank 1 in lock_all epochs ordered only by an MPI_Barrier; the get conflicts with the put.
// NPROCS: 3
// EXPECT: error rma.remote.conflict
// EXPECT-AT: op-a op-b
// TWIN: rma/cross-origin-matrix/lockall-get-put-disjoint-ok rma/cross-origin-matrix/lockall-get-put-ordered-ok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
// NOTE: MPI-3.1 11.3: concurrent conflicting accesses to one window location are erroneous.
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
    int result = 0;
    int value = 1;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank != 1)
        MPI_Win_lock_all(0, win);
    if (rank == 0) {
        MPI_Get(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op-a
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 2) {
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op-b
    }
    if (rank != 1)
        MPI_Win_unlock_all(win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
