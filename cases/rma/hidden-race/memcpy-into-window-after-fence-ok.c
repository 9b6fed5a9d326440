// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 1 memcpy()s fresh values into its window after the fence that ends rank 0's MPI_Get.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/hidden-race/memcpy-into-window-nok
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int result[4];
    const int fresh[4] = {5, 6, 7, 8};

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Get(result, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);
    if (rank == 1)
        memcpy(window, fresh, sizeof fresh);  // @store

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
