// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: A window allocated with MPI_Win_allocate_shared is freed before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/window-misuse/leak-allocate-shared-nok
// REQUIRES: shared-memory-window
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window;
    MPI_Win win;
    MPI_Win_allocate_shared(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);  // @create

    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
