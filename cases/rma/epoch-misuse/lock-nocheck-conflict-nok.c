// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 locks rank 1 exclusively with MPI_MODE_NOCHECK while rank 1 itself still holds an exclusive lock on its window.
// NPROCS: 2
// EXPECT: error rma.sync.assert-violation
// EXPECT-AT: lock nocheck
// TWIN: rma/epoch-misuse/lock-nocheck-conflict-ok
// NOTE: MPI-3.1 11.5.5: MPI_MODE_NOCHECK on MPI_Win_lock promises that no other process holds, or will attempt to acquire, a conflicting lock while the caller holds the lock. Natively both MPIs run to completion; neither checks this.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    int value = 1;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    if (rank == 1)
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, MPI_MODE_NOCHECK, win);  // @nocheck
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        MPI_Win_unlock(1, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
