// DESCRIPTION: Rank 0 locks rank 1, gets a value, and unlocks once.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/sync/unlock-twice-nok
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
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);             // @lock
        MPI_Get(&fetched, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);                               // @unlock
        failed = fetched != 7;
    }

    MPI_Win_free(&win);
    free(window_value);
    MPI_Finalize();
    return failed;
}
