// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 1 stores through `slot` = &window[2] inside the fence epoch in which rank 0 puts to displacement 1; the locations are disjoint.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/hidden-race/alias-window-slot-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 1;
    int *slot = &window[2];

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, win);  // @op
    else
        *slot = 5;  // @store
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
