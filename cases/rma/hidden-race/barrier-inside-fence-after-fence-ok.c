// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 puts to rank 1 in a fence epoch; rank 1 loads the location after the closing fence.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/hidden-race/barrier-inside-fence-nok
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
    MPI_Win_fence(0, win);
    if (rank == 1)
        sink = window[0];  // @load

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
