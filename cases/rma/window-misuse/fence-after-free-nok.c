// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Every rank calls MPI_Win_fence on a window it has already freed (MPI_WIN_NULL).
// NPROCS: 2
// EXPECT: error rma.window.invalid
// EXPECT-AT: free fence
// TWIN: rma/window-misuse/fence-after-free-ok
// TAGS: crash
// NOTE: MPI-3.1 11.2.5: MPI_Win_free sets the handle to MPI_WIN_NULL; RMA calls on MPI_WIN_NULL are erroneous (the error is raised, fatal by default). Natively both Open MPI and MPICH detect it and abort (fatal error handler).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    MPI_Win_fence(0, win);
    MPI_Win_free(&win);  // @free
    MPI_Win_fence(0, win);  // @fence
    MPI_Finalize();
    return 0;
}
