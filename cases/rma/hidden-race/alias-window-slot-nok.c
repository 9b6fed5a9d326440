// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 1 stores through `slot` = &window[1] inside the fence epoch in which rank 0 puts to displacement 1 of its window.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op store
// TWIN: rma/hidden-race/alias-window-slot-other-slot-ok
// NOTE: MPI-3.1 11.3 and 11.7: the window owner may access a location updated by an RMA operation only after a synchronisation that completes the operation at the target and orders the access after it.
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
    int *slot = &window[1];

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
