// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 stores to window[0] inside an exclusive lock on its own window and rank 0's MPI_Put runs under an exclusive lock too, so the two epochs are serialised.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/target-matrix/self-lock-put-store-shared-nok
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
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    if (rank == 0) {
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    } else {
        window[0] = 2;  // @access
    }
    MPI_Win_unlock(1, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
