// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 completes an MPI_Raccumulate (MPI_SUM) with MPI_Wait only, then a barrier lets rank 1 store to window[0]; MPI_Wait completes the operation at the origin, not at the target (a lock_all epoch on every rank).
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op access
// TWIN: rma/target-matrix/lockall-racc-wait-store-flush-ok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
// NOTE: MPI-3.1 11.3.5: completion of a request-based put or accumulate (MPI_Wait) means local completion only; remote completion needs MPI_Win_flush or the end of the epoch.
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
    MPI_Request request;
    MPI_Win_lock_all(0, win);

    if (rank == 0) {
        MPI_Raccumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win, &request);  // @op
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Win_sync(win);
        window[0] = 2;  // @access
    }

    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
