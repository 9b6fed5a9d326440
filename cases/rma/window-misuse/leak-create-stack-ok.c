// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: A window created with MPI_Win_create on a stack array is freed before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/window-misuse/leak-create-stack-nok
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

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
