// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 calls MPI_Put on a window handle that was initialised to MPI_WIN_NULL and never created.
// NPROCS: 2
// EXPECT: error rma.window.invalid
// EXPECT-AT: op
// TWIN: rma/window-misuse/null-window-put-ok
// TAGS: crash
// NOTE: MPI-3.1 11.3: RMA calls need a valid window; MPI_WIN_NULL is not one (the error is raised, fatal by default). Natively both Open MPI and MPICH detect it and abort (fatal error handler).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    int value = 1;
    MPI_Win win = MPI_WIN_NULL;
    MPI_Win real;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &real);

    MPI_Win_fence(0, real);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    MPI_Win_fence(0, real);

    MPI_Win_free(&real);
    MPI_Finalize();
    return 0;
}
