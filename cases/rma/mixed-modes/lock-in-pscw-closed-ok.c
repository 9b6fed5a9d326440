// GENERATED: cases/gen/rma_mixed_modes.cpp
// DESCRIPTION: Rank 0 puts to rank 1 in a PSCW access epoch, closes it, then puts in a shared-lock epoch.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/mixed-modes/lock-in-pscw-nok
// NOTE: MPI-3.1 11.5: distinct access epochs for a window at the same process must be disjoint; a fence starts an access epoch when RMA calls follow it before the next fence, so a lock, lock_all or start while a fence-epoch operation is pending, a fence while a lock, lock_all or PSCW epoch is open, and PSCW and passive-target epochs nested in each other mix synchronisation modes.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int window[4] = {0, 0, 0, 0}, value = 1;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world, peer;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int other = 1 - rank;
    MPI_Group_incl(world, 1, &other, &peer);
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */
    if (rank == 0) {
        MPI_Win_start(peer, 0, win);              // @first
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win); // @second
        MPI_Put(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    } else if (rank == 1) {
        MPI_Win_post(peer, 0, win);
        MPI_Win_wait(win);
    }
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Win_free(&win);

    MPI_Finalize();
    return errors != 0;
}
