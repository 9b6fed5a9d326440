// DESCRIPTION: Rank 0 stores to its segment of a shared-memory window while rank 1 loads the same location directly, with no MPI_Win_sync/barrier between them.
// NPROCS: 2
// EXPECT: error rma.shared.load-store-race
// EXPECT-AT: store load
// TWIN: rma/shared/store-sync-load-ok
// REQUIRES: mpi-3 shared-memory-window
// NOTE: MPI-3.1 §11.2.3, §11.5.4 and §11.7: direct load/store accesses through a shared-memory window need MPI_Win_sync plus process synchronisation to be ordered; here the barrier comes only after both accesses.
#include <mpi.h>
#include <stddef.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *own = NULL;
    MPI_Win win;
    MPI_Win_allocate_shared(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &own, &win);
    int *rank0_value = NULL;
    MPI_Aint size;
    int disp_unit;
    MPI_Win_shared_query(win, 0, &size, &disp_unit, &rank0_value);

    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    if (rank == 0)
        *rank0_value = 42; // @store
    MPI_Win_sync(win);
    if (rank == 1) {
        int seen = *rank0_value; // @load
        (void)seen;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_unlock_all(win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
