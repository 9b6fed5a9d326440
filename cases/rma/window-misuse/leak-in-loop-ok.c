// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: A loop creates a window in every iteration and frees it in the same iteration.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/window-misuse/leak-in-loop-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;

    for (int step = 0; step < 3; step++) {
        MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create
        MPI_Win_fence(0, win);
        MPI_Win_fence(0, win);
        MPI_Win_free(&win);
    }
    MPI_Finalize();
    return 0;
}
