// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 calls MPI_Win_lock on rank 1 inside its own lock_all epoch, which already covers rank 1.
// NPROCS: 2
// EXPECT: error rma.sync.double-epoch
// EXPECT-AT: lock1 lock2
// TWIN: rma/epoch-misuse/lock-inside-lockall-acc-ok
// TAGS: crash
// NOTE: MPI-3.1 11.5.3: a lock_all epoch already is a passive-target epoch on every process; a second epoch on the same target is erroneous. Natively both Open MPI and MPICH detect it and abort (fatal error handler).
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
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);  // @lock1
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);  // @lock2
        MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);
        MPI_Win_unlock(1, win);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
