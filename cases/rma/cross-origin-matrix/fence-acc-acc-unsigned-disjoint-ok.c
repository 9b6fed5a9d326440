// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues an MPI_Accumulate (MPI_SUM) and rank 2 an MPI_Accumulate (MPI_SUM on MPI_UNSIGNED) in one fence epoch, on the disjoint locations window[0] and window[1] of rank 1.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/cross-origin-matrix/fence-acc-acc-unsigned-nok
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
    unsigned int uvalue = 1u;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op-a
    } else if (rank == 2) {
        MPI_Accumulate(&uvalue, 1, MPI_UNSIGNED, 1, 1, 1, MPI_UNSIGNED, MPI_SUM, win);  // @op-b
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
