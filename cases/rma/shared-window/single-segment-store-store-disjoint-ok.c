// GENERATED: cases/gen/rma_windows.cpp
// DESCRIPTION: Only rank 0 allocates memory in the shared window; rank 0 stores to element 2 and rank 1 to element 3, concurrently.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/shared-window/single-segment-store-store-nok
// REQUIRES: shared-memory-window
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *mine;
    MPI_Win win;
    MPI_Win_allocate_shared((rank == 0 ? 4 : 0) * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    int *shared;  /* rank 0's segment, the only one */
    MPI_Aint size;
    int disp_unit;
    MPI_Win_shared_query(win, 0, &size, &disp_unit, &shared);

    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    if (rank == 0)
        for (int i = 0; i < 4; i++)
            shared[i] = 0;
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);

    if (rank == 0)
        shared[2] = 42;  // @first
    if (rank == 1)
        shared[3] = 7;  // @second
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
