// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 calls MPI_Win_unlock on rank 1 after the matching MPI_Win_lock.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/epoch-misuse/unlock-without-lock-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Win_unlock(1, win);  // @unlock
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
