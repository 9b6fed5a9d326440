// DESCRIPTION: Rank 0 gets a value from rank 1 inside a lock_all epoch and reads it after MPI_Win_flush.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/local/lockall-get-load-nok
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window_value = malloc(sizeof *window_value);
    *window_value = rank == 1 ? 7 : 0;
    MPI_Win win;
    MPI_Win_create(window_value, sizeof *window_value, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    int failed = 0;
    if (rank == 0) {
        int fetched = 0;
        MPI_Win_lock_all(0, win);
        MPI_Get(&fetched, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @get
        MPI_Win_flush(1, win);
        int seen = fetched;                                   // @load
        MPI_Win_unlock_all(win);
        failed = seen != 7;
    }

    MPI_Win_free(&win);
    free(window_value);
    MPI_Finalize();
    return failed;
}
