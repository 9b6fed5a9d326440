// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 stores to window[0] only after the closing MPI_Win_fence, once rank 0's MPI_Get has completed (a fence epoch, a window created on heap memory).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/target-matrix/fence-get-store-nok
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

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Get(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    }
    MPI_Win_fence(0, win);
    if (rank == 1) {
        window[0] = 2;  // @access
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
