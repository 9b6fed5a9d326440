// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 puts to rank 1 in a fence epoch; an MPI_Barrier inside the epoch does not complete the put, yet rank 1 loads the location after it.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op load
// TWIN: rma/hidden-race/barrier-inside-fence-after-fence-ok
// NOTE: MPI-3.1 11.5.1: operations of a fence epoch complete at the target only at the closing fence; a barrier inside the epoch is no RMA synchronisation.
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 1;

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        sink = window[0];  // @load
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
