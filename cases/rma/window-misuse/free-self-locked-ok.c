// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 1 locks its own window, stores to it, and unlocks before freeing the window.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/window-misuse/free-self-locked-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    if (rank == 1) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);  // @lock
        window[0] = 5;
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);  // @free
    MPI_Finalize();
    return 0;
}
