// DESCRIPTION: Rank 0 reads the origin buffer of an MPI_Get inside a lock_all epoch before MPI_Win_flush has completed the get.
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: get load
// TWIN: rma/local/lockall-get-flush-load-ok
// NOTE: MPI-3.1 §11.3 and §11.3.2: the origin buffer of a get must not be accessed until the get completes (§11.5.4: MPI_Win_flush or the unlock).
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
        MPI_Win_lock_all(0, win);
        MPI_Get(&fetched, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @get
        int seen = fetched;                                   // @load
        MPI_Win_flush(1, win);
        MPI_Win_unlock_all(win);
        (void)seen;
    }

    MPI_Win_free(&win);
    free(window_value);
    MPI_Finalize();
    return 0;
}
