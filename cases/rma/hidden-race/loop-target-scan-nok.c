// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 1 sums its window in a loop inside the fence epoch in which rank 0 accumulates into window[3]; iteration 3 reads the updated location.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op load
// TWIN: rma/hidden-race/loop-target-scan-first-three-ok
// NOTE: MPI-3.1 11.3 and 11.7: the window owner may access a location updated by an RMA operation only after a synchronisation that completes the operation at the target and orders the access after it.
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
    int total = 0;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Accumulate(&value, 1, MPI_INT, 1, 3, 1, MPI_INT, MPI_SUM, win);  // @op
    } else {
        for (int i = 0; i < 4; i++)
            total += window[i];  // @load
    }
    MPI_Win_fence(0, win);
    sink = total;

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
