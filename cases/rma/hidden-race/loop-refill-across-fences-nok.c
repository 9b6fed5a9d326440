// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: In each step of a loop of fence epochs rank 0 puts `value` and refills it right after the put, before the fence that completes the put.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: op store
// TWIN: rma/hidden-race/loop-refill-across-fences-before-put-ok
// NOTE: MPI-3.1 11.3: the origin buffer of a put must not be updated, and that of a get not accessed, until the operation completes at the origin.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 0;

    for (int step = 0; step < 3; step++) {
        MPI_Win_fence(0, win);
        if (rank == 0) {
            MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
            value = step + 1;  // @store
        }
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
