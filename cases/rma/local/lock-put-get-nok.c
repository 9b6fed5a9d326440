// DESCRIPTION: Rank 0 puts to and then gets from the same location of rank 1 in one exclusive-lock epoch without a flush between them.
// NPROCS: 2
// EXPECT: error rma.local.same-origin-conflict
// EXPECT-AT: put get
// TWIN: rma/local/lock-put-flush-get-ok
// NOTE: MPI-3.1 §11.7: RMA operations of one epoch are not ordered (only accumulates to the same location are, §11.7.2), so the put and the get conflict; MPI_Win_flush between them orders them.
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window_value = malloc(sizeof *window_value);
    *window_value = 0;
    MPI_Win win;
    MPI_Win_create(window_value, sizeof *window_value, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    if (rank == 0) {
        int value = 3;
        int fetched = 0;
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);   // @put
        MPI_Get(&fetched, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @get
        MPI_Win_unlock(1, win);
        (void)fetched;
    }

    MPI_Win_free(&win);
    free(window_value);
    MPI_Finalize();
    return 0;
}
