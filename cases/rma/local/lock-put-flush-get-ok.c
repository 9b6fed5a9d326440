// DESCRIPTION: Rank 0 puts to rank 1, flushes, then gets the same location back in one exclusive-lock epoch.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/local/lock-put-get-nok
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

    int failed = 0;
    if (rank == 0) {
        int value = 3;
        int fetched = 0;
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);   // @put
        MPI_Win_flush(1, win);
        MPI_Get(&fetched, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @get
        MPI_Win_unlock(1, win);
        failed = fetched != 3;
    }

    MPI_Win_free(&win);
    free(window_value);
    MPI_Finalize();
    return failed;
}
