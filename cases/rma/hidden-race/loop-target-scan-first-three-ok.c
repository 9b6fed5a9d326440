// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 1 sums window[0..2] in a loop inside the fence epoch in which rank 0 accumulates into window[3]; the loop never reads window[3].
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/hidden-race/loop-target-scan-nok
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
        for (int i = 0; i < 3; i++)
            total += window[i];  // @load
    }
    MPI_Win_fence(0, win);
    sink = total;

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
