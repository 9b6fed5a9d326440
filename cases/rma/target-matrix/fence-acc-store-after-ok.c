// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 stores to window[0] only after the closing MPI_Win_fence, once rank 0's MPI_Accumulate (MPI_SUM) has completed (a fence epoch, a window from MPI_Win_allocate).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/target-matrix/fence-acc-store-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
    for (int i = 0; i < 4; i++)
        window[i] = 0;
    int value = 1;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op
    }
    MPI_Win_fence(0, win);
    if (rank == 1) {
        window[0] = 2;  // @access
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
