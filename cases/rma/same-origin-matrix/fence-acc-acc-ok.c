// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues an MPI_Accumulate (MPI_SUM) and then an MPI_Accumulate (MPI_SUM) to window[0] of rank 1 in one epoch; accumulates with the same operation and datatype may update one location concurrently (a fence epoch).
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
    int value2 = 1;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Accumulate(&value1, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op1
        MPI_Accumulate(&value2, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op2
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
