// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 opens a lock epoch and calls MPI_Get on a window that has already been freed (MPI_WIN_NULL).
// NPROCS: 2
// EXPECT: error rma.window.invalid
// EXPECT-AT: free op
// TWIN: rma/window-misuse/lock-after-free-get-ok
// TAGS: crash
// NOTE: MPI-3.1 11.2.5: MPI_Win_free sets the handle to MPI_WIN_NULL; RMA calls on MPI_WIN_NULL are erroneous (the error is raised, fatal by default). Natively both Open MPI and MPICH detect it and abort (fatal error handler).
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
    MPI_Win_free(&win);  // @free

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
    }
    MPI_Finalize();
    return 0;
}
