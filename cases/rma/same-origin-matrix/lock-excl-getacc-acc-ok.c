// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues an MPI_Get_accumulate (MPI_SUM) and then an MPI_Accumulate (MPI_SUM) to window[0] of rank 1 in one epoch; accumulates with the same operation and datatype may update one location concurrently (an exclusive lock epoch).
// NPROCS: 2
// EXPECT: ok
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
    int result1 = 0;
    int value2 = 1;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Get_accumulate(&value1, 1, MPI_INT, &result1, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op1
        MPI_Accumulate(&value2, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op2
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
