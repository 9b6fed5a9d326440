// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 stores to the origin buffer `value` of an MPI_Put only after the closing MPI_Win_fence has completed it (a fence epoch opened with MPI_MODE_NOPRECEDE and closed with MPI_MODE_NOSUCCEED, a window created on a stack array).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/origin-matrix/fence-assert-put-origin-store-nok
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
    int value = 1;

    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0) {
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 0) {
        value = 2;  // @access
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
