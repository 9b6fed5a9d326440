// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 locks rank 1 exclusively a second time while its first lock epoch on rank 1 is still open.
// NPROCS: 2
// EXPECT: error rma.sync.double-epoch
// EXPECT-AT: lock1 lock2
// TWIN: rma/epoch-misuse/lock-twice-put-ok rma/epoch-misuse/lock-two-targets-ok
// TIMEOUT: 10
// TAGS: deadlock-openmpi crash-mpich
// NOTE: MPI-3.1 11.5.3: a process may hold at most one lock (one passive-target access epoch) per target of a window. Natively Open MPI hangs in the second MPI_Win_lock; MPICH detects it and aborts.
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
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock1
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock2
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
