// GENERATED: cases/gen/rma_windows.cpp
// DESCRIPTION: In a shared-memory window allocated with alloc_shared_noncontig, rank 1 loads rank 0's element after MPI_Win_sync, an MPI_Barrier and MPI_Win_sync.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/shared-window/noncontig-store-load-nok
// REQUIRES: shared-memory-window
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    int *mine;
    MPI_Win win;
    MPI_Win_allocate_shared(4 * sizeof(int), sizeof(int), info, MPI_COMM_WORLD, &mine, &win);
    MPI_Info_free(&info);
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
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);
    if (rank == 1)
        sink = theirs[0];  // @second
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
