// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues the second call on the origin buffer only after MPI_Win_flush_local_all has completed the first (a lock_all epoch).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/origin-matrix/lockall-flush-local-all-buffer-get-then-get-nok
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
    int data = 1;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Get(&data, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op1
        MPI_Win_flush_local_all(win);
        MPI_Get(&data, 1, MPI_INT, 1, 1, 1, MPI_INT, win);  // @op2
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
