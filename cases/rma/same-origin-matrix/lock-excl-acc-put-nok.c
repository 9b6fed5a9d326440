// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues an MPI_Accumulate (MPI_SUM) and then an MPI_Put to window[0] of rank 1 in one epoch; a put is not ordered with an accumulate (an exclusive lock epoch).
// NPROCS: 2
// EXPECT: error rma.local.same-origin-conflict
// EXPECT-AT: op1 op2
// TWIN: rma/same-origin-matrix/lock-excl-acc-put-completed-ok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
// NOTE: MPI-3.1 11.7.2: RMA operations of one origin are not ordered (only accumulates among themselves are, by default); two conflicting operations on one location in one epoch are erroneous (11.3).
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
    int value2 = 1;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Accumulate(&value1, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op1
        MPI_Put(&value2, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op2
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
