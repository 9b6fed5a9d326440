// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues an MPI_Fetch_and_op (MPI_SUM) and rank 2 an MPI_Put on window[0] of rank 1 in lock_all epochs ordered only by an MPI_Barrier; a put mixed with a fetch-and-op is not atomic.
// NPROCS: 3
// EXPECT: error rma.remote.atomicity
// EXPECT-AT: op-a op-b
// TWIN: rma/cross-origin-matrix/lockall-fop-put-disjoint-ok rma/cross-origin-matrix/lockall-fop-put-ordered-ok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
// NOTE: MPI-3.1 11.7.1: only accumulate-family operations with the same predefined datatype and the same operation (or MPI_NO_OP, info accumulate_ops default same_op_no_op, 11.2.1) may update one location concurrently.
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
        MPI_Fetch_and_op(&value, &result, MPI_INT, 1, 0, MPI_SUM, win);  // @op-a
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
