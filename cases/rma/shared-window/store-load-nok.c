// GENERATED: cases/gen/rma_windows.cpp
// DESCRIPTION: In a shared-memory window rank 0 stores to its segment and rank 1 loads the same element through the MPI_Win_shared_query pointer, with no synchronisation between the two accesses.
// NPROCS: 2
// EXPECT: error rma.shared.load-store-race
// EXPECT-AT: first second
// TWIN: rma/shared-window/store-load-synced-ok rma/shared-window/store-load-disjoint-ok
// REQUIRES: shared-memory-window
// NOTE: MPI-3.1 11.2.3 and 11.7: load/store accesses to a shared-memory window are concurrent unless ordered by RMA synchronisation (e.g. MPI_Win_sync + a barrier + MPI_Win_sync, or a fence); concurrent conflicting accesses are erroneous.
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
    int *theirs;
    MPI_Aint size;
    int disp_unit;
    MPI_Win_shared_query(win, 1 - rank, &size, &disp_unit, &theirs);

    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    for (int i = 0; i < 4; i++)
        mine[i] = 0;
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);

    if (rank == 0)
        mine[0] = 42;  // @first
    if (rank == 1)
        sink = theirs[0];  // @second
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
