// DESCRIPTION: Rank 0 calls MPI_Win_flush_local on target 1 inside a shared-lock epoch on that target.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/sync/flush-local-no-epoch-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window_values;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window_values, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win); // @lock
        MPI_Win_flush_local(1, win);              // @flush
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
