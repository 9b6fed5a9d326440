// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 holds a lock on rank 1 but calls MPI_Put on itself (rank 0), for which it opened no epoch.
// NPROCS: 2
// EXPECT: error rma.sync.missing-epoch
// EXPECT-AT: op
// TWIN: rma/epoch-misuse/unlocked-target-put-ok
// TAGS: crash-openmpi
// NOTE: MPI-3.1 11.3: RMA communication calls must occur inside an access epoch for their target (11.5). Natively Open MPI detects it and aborts; MPICH runs to completion.
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
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
