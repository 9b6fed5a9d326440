// DESCRIPTION: Two ranks each store their boundary cell of a shared-memory window and load the neighbour's as a halo after MPI_Win_sync and MPI_Barrier, without a second MPI_Win_sync before the load.
// NPROCS: 2
// EXPECT: error rma.shared.load-store-race
// EXPECT-AT: boundary halo
// TWIN: rma/shared-sync/halo-synced-ok
// REQUIRES: shared-memory-window
// NOTE: MPI-3.1 11.2.3: load/store accesses to a shared-memory window need a consistent view, created in the unified model by the window synchronisation functions; 11.5.4: MPI_WIN_SYNC synchronises the private and public window copies; 11.7 shows the writer's MPI_WIN_SYNC, a process synchronisation, then the reader's MPI_WIN_SYNC before its load. Without the reader's MPI_Win_sync after the barrier nothing orders its load after the neighbour's store.
#include <mpi.h>

#define CELLS 8

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *mine;
    MPI_Win win;
    MPI_Win_allocate_shared(CELLS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    int *theirs;
    MPI_Aint size;
    int disp_unit;
    MPI_Win_shared_query(win, 1 - rank, &size, &disp_unit, &theirs);
    /* rank 0 owns the left half of the domain, rank 1 the right half: each
       reads the neighbour's boundary cell as its halo */
    int *my_boundary = rank == 0 ? &mine[CELLS - 1] : &mine[0];
    const int *halo = rank == 0 ? &theirs[0] : &theirs[CELLS - 1];

    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    for (int i = 0; i < CELLS; i++)
        mine[i] = rank;
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);

    *my_boundary = 10 + rank;  // @boundary
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    sink = *halo;  // @halo

    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
