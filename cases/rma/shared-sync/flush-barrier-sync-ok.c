// DESCRIPTION: In a shared-memory window under MPI_Win_lock_all, rank 0 stores to its segment and calls MPI_Win_flush; after an MPI_Barrier rank 1 calls MPI_Win_sync and loads the element.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/shared-sync/flush-no-barrier-nok
// REQUIRES: shared-memory-window
// NOTE: MPI-3.1 11.2.3: a consistent view of a shared-memory window is created by the window synchronisation functions or by completing outstanding stores (e.g. MPI_WIN_FLUSH); with the barrier after rank 0's flush and rank 1's MPI_WIN_SYNC (11.5.4) after it, the store is ordered before the load.
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *mine;
    MPI_Win win;
    MPI_Win_allocate_shared(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    int *rank0;
    MPI_Aint size;
    int disp_unit;
    MPI_Win_shared_query(win, 0, &size, &disp_unit, &rank0);

    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    for (int i = 0; i < 4; i++)
        mine[i] = 0;
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);

    if (rank == 0) {
        mine[1] = 42;  // @store
        MPI_Win_flush(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Win_sync(win);
        sink = rank0[1];  // @load
    }

    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
