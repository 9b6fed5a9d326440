// GENERATED: cases/gen/arg_invalid.cpp
// DESCRIPTION: Rank 0 puts one int into rank 1's window in a fence epoch, passing size as target rank: not a rank of the window's group.
// NPROCS: 2
// EXPECT: error rma.arg.invalid
// EXPECT-AT: call
// TWIN: rma/arg-invalid/put-target-out-of-range-ok
// TIMEOUT: 10
// TAGS: crash
// NOTE: MPI-3.1 11.3 and 11.5.3: the target rank is a rank of the window's group; the lock type is MPI_LOCK_SHARED or MPI_LOCK_EXCLUSIVE. MPI raises the error on the window, whose default handler aborts.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int window[4] = {0, 0, 0, 0}, value = 1;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, size, 0, 1, MPI_INT, win); // @call
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
