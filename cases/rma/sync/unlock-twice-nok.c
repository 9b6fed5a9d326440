// DESCRIPTION: Rank 0 locks rank 1, gets a value, unlocks, and then calls MPI_Win_unlock on rank 1 a second time without a lock.
// NPROCS: 2
// EXPECT: error rma.sync.unmatched
// EXPECT-AT: unlock_again
// TWIN: rma/sync/lock-get-unlock-ok
// TAGS: crash
// TIMEOUT: 10
// NOTE: MPI-3.1 §11.5.3: MPI_Win_unlock completes an access epoch started by MPI_Win_lock on that target. Both MPIs report MPI_ERR_RMA_SYNC and the window's default handler (MPI_ERRORS_ARE_FATAL) aborts the job.
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

    if (rank == 0) {
        int fetched = 0;
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);             // @lock
        MPI_Get(&fetched, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);                               // @unlock
        MPI_Win_unlock(1, win);                               // @unlock_again
        (void)fetched;
    }

    MPI_Win_free(&win);
    free(window_value);
    MPI_Finalize();
    return 0;
}
