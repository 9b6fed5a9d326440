// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 takes a shared lock on rank 1 twice in a row, unlocking in between.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/epoch-misuse/lock-shared-twice-get-nok
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
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);  // @lock1
        MPI_Win_unlock(1, win);
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);  // @lock2
        MPI_Get(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
