// DESCRIPTION: Two ranks run a 1-D stencil on a shared-memory window, each reading the neighbour's boundary cell directly; MPI_Win_sync and a barrier separate the read phase from the update phase and end every step.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/scenarios/shared-stencil-missing-sync-nok
// REQUIRES: shared-memory-window
#include <mpi.h>

#define CELLS 8
#define STEPS 3

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
    /* rank 0 owns the left half of the domain, rank 1 the right half */
    int *neighbour_boundary = rank == 0 ? &theirs[0] : &theirs[CELLS - 1];

    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    for (int i = 0; i < CELLS; i++)
        mine[i] = rank * CELLS + i;
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);

    for (int step = 0; step < STEPS; step++) {
        int halo = *neighbour_boundary;  // @read-halo
        MPI_Win_sync(win);
        MPI_Barrier(MPI_COMM_WORLD);  /* both halos are read before anyone updates */
        MPI_Win_sync(win);
        for (int i = 0; i < CELLS; i++)
            mine[i] = (mine[i] + halo) / 2;  // @update
        MPI_Win_sync(win);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_sync(win);
    }

    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
