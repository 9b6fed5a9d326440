// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 loads window[0] only after the closing MPI_Win_fence, once rank 0's MPI_Compare_and_swap has completed (a fence epoch, a window from MPI_Win_allocate).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/target-matrix/fence-cas-load-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

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
    int compare = 0;
    int result = 0;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Compare_and_swap(&value, &compare, &result, MPI_INT, 1, 0, win);  // @op
    }
    MPI_Win_fence(0, win);
    if (rank == 1) {
        sink = window[0];  // @access
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
