// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: A helper function issues the MPI_Put of `value`; main stores to `value` before MPI_Win_unlock_all completes the put.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: op store
// TWIN: rma/hidden-race/helper-issues-put-after-unlock-ok
// NOTE: MPI-3.1 11.3: the origin buffer of a put must not be updated, and that of a get not accessed, until the operation completes at the origin.
#include <mpi.h>

/* Sends `*data` to window[0] of `target`. */
static void publish(const int *data, int target, MPI_Win win)
{
    MPI_Put(data, 1, MPI_INT, target, 0, 1, MPI_INT, win);  // @op
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 1;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        publish(&value, 1, win);
        value = 2;  // @store
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
