// GENERATED: cases/gen/arg_invalid.cpp
// DESCRIPTION: Rank 0 locks rank 1's window and puts one int, passing MPI_LOCK_SHARED + MPI_LOCK_EXCLUSIVE + 7 as lock type: neither MPI_LOCK_SHARED nor MPI_LOCK_EXCLUSIVE.
// NPROCS: 2
// EXPECT: error rma.arg.invalid
// EXPECT-AT: call
// TWIN: rma/arg-invalid/lock-invalid-type-ok
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
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED + MPI_LOCK_EXCLUSIVE + 7, 1, 0, win); // @call
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Win_free(&win);
    (void)size;

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
