// DESCRIPTION: Rank 0 stores to the origin buffer of an MPI_Put (lock epoch) before MPI_Win_flush_local completes it locally.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put store
// TWIN: rma/local-access/put-store-after-flush-local-ok
// NOTE: MPI-3.1 §11.5.4: MPI_Win_flush_local completes the operations locally, after which the origin buffer may be reused (the target may not have them yet).
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    long *window = calloc(2, sizeof *window);
    MPI_Win win;
    MPI_Win_create(window, 2 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    if (rank == 0) {
        long *values = malloc(2 * sizeof *values);
        values[0] = 1;
        values[1] = 2;
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(values, 2, MPI_LONG, 1, 0, 2, MPI_LONG, win); // @put
        values[0] = 3; // @store
        MPI_Win_flush_local(1, win);
        MPI_Win_unlock(1, win);
        free(values);
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
