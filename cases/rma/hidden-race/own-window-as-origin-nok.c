// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 puts from window[2] of its own window to rank 1 while rank 1 puts into rank 0's window[2] in the same fence epoch.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op-a op-b
// TWIN: rma/hidden-race/own-window-as-origin-disjoint-ok
// NOTE: MPI-3.1 11.3: window memory used as an origin buffer is read by the put while the remote put writes it; the window owner's read conflicts with the remote update.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 7;
    window[2] = 1;

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&window[2], 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op-a
    else
        MPI_Put(&value, 1, MPI_INT, 0, 2, 1, MPI_INT, win);  // @op-b
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
