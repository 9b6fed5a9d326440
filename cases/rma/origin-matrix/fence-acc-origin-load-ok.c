// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 loads the origin buffer `value` of an MPI_Accumulate (MPI_SUM) while it is pending; the operation only reads that buffer, so the concurrent load is allowed (a fence epoch, a window from MPI_Win_allocate).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/origin-matrix/fence-acc-origin-store-nok
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

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op
        sink = value;  // @access
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
