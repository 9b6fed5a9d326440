// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 calls MPI_Win_unlock_all after the matching MPI_Win_lock_all.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/epoch-misuse/unlock-all-without-lock-all-nok
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
        MPI_Win_lock_all(0, win);
        MPI_Win_unlock_all(win);  // @unlock
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
