// DESCRIPTION: Rank 0 reads the result buffer of an MPI_Fetch_and_op (lock_all epoch) before MPI_Win_flush completes it.
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: fop load
// TWIN: rma/local-access/fetch-op-result-load-after-flush-ok
// NOTE: MPI-3.1 §11.3.4: the result buffer of MPI_Fetch_and_op is written by the operation and must not be accessed until it completes (§11.5.4).
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *counter = calloc(1, sizeof *counter);
    MPI_Win win;
    MPI_Win_create(counter, sizeof *counter, sizeof *counter, MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    if (rank == 0) {
        int one = 1, previous = -1, seen = 0;
        MPI_Win_lock_all(0, win);
        MPI_Fetch_and_op(&one, &previous, MPI_INT, 1, 0, MPI_SUM, win); // @fop
        seen = previous; // @load
        MPI_Win_flush(1, win);
        MPI_Win_unlock_all(win);
        (void)seen;
    }

    MPI_Win_free(&win);
    free(counter);
    MPI_Finalize();
    return 0;
}
