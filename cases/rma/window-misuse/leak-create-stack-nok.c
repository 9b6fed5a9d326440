// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: A window created with MPI_Win_create on a stack array is never freed before MPI_Finalize.
// NPROCS: 2
// EXPECT: error rma.window.leak
// EXPECT-AT: create
// TWIN: rma/window-misuse/leak-create-stack-ok
// TAGS: crash-mpich
// NOTE: A window still allocated at MPI_Finalize is a resource leak (MBI: resource leak); MPI-3.1 8.7 only asks that RMA involvement be complete, so this is a quality error rather than undefined behaviour. Natively Open MPI runs to completion; MPICH (with UCX) fails an assertion in MPI_Finalize.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create

    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);

    MPI_Finalize();
    return 0;
}
