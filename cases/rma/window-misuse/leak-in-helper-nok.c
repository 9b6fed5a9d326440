// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: A helper function creates a window that main uses but never frees.
// NPROCS: 2
// EXPECT: error rma.window.leak
// EXPECT-AT: create
// TWIN: rma/window-misuse/leak-in-helper-ok
// TAGS: crash-mpich
// NOTE: A window still allocated at MPI_Finalize is a resource leak (MBI: resource leak); MPI-3.1 8.7 only asks that RMA involvement be complete, so this is a quality error rather than undefined behaviour. Natively Open MPI runs to completion; MPICH (with UCX) fails an assertion in MPI_Finalize.
#include <mpi.h>

/* Exposes `memory` (four ints) to every rank. */
static MPI_Win expose(int *memory)
{
    MPI_Win win;
    MPI_Win_create(memory, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create
    return win;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win = expose(window);

    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);

    MPI_Finalize();
    return 0;
}
