// GENERATED: cases/gen/rma_windows.cpp
// DESCRIPTION: In a shared-memory window rank 0 accesses element 0 of its segment while rank 1 accesses element 1 of the same segment; the locations are disjoint.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/shared-window/store-load-nok
// REQUIRES: shared-memory-window
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
        sink = theirs[1];  // @second
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
