// GENERATED: cases/gen/rma_windows.cpp
// DESCRIPTION: In a shared-memory window rank 0 stores to its segment and rank 1 loads the same element through the MPI_Win_shared_query pointer, separated by an MPI_Win_fence.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/shared-window/fence-store-load-nok
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
    for (int i = 0; i < 4; i++)
        mine[i] = 0;

    MPI_Win_fence(0, win);
    if (rank == 0)
        mine[0] = 42;  // @first
    MPI_Win_fence(0, win);
    if (rank == 1)
        sink = theirs[0];  // @second
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
