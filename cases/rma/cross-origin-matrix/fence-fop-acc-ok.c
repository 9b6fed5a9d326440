// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues an MPI_Fetch_and_op (MPI_SUM) and rank 2 an MPI_Accumulate (MPI_SUM) on window[0] of rank 1 in one fence epoch; a fetch-and-op and an accumulate with the same operation and datatype are atomic.
// NPROCS: 3
// EXPECT: ok
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

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Fetch_and_op(&value, &result, MPI_INT, 1, 0, MPI_SUM, win);  // @op-a
    } else if (rank == 2) {
        MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op-b
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
