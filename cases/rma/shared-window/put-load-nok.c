// GENERATED: cases/gen/rma_windows.cpp
// DESCRIPTION: Rank 1 puts into rank 0's segment of a shared-memory window with MPI_Put while rank 0 loads the location directly, with no synchronisation.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op load
// TWIN: rma/shared-window/put-load-flushed-ok
// REQUIRES: shared-memory-window
// NOTE: MPI-3.1 11.7: the window owner may load a location updated by a put only after the put has completed at the target and a synchronisation orders the load after it.
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

    int value = 42;
    if (rank == 1) {
        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);  // @op
    }
    if (rank == 0)
        sink = mine[0];  // @load
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
