// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 completes an MPI_Rput with MPI_Wait and MPI_Win_flush before the barrier after which rank 1 loads window[0] (a lock_all epoch on every rank).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/target-matrix/lockall-rput-wait-load-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 1;
    MPI_Request request;
    MPI_Win_lock_all(0, win);

    if (rank == 0) {
        MPI_Rput(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &request);  // @op
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Win_flush(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Win_sync(win);
        sink = window[0];  // @access
    }

    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
