// DESCRIPTION: Rank 0 calls a function of another translation unit that stores into the origin buffer of a pending MPI_Put before MPI_Win_unlock completes it.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put
// TWIN: rma/local-access/put-origin-other-tu-store-after-unlock-ok
// SOURCES: ../../support/buffer_helpers.c
// NOTE: MPI-3.1 §11.3.1: the origin buffer of a put must not be updated until the operation completes (§11.5.3: MPI_Win_unlock). The store is in cases/support/buffer_helpers.c, compiled apart from every MPI call.
#include <mpi.h>
#include <stdlib.h>

void helper_scale(double *v, int n, double by); /* cases/support/buffer_helpers.c: stores v[0..n) */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double *window = calloc(4, sizeof *window);
    MPI_Win win;
    MPI_Win_create(window, 4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    double values[4] = {1, 2, 3, 4};

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(values, 4, MPI_DOUBLE, 1, 0, 4, MPI_DOUBLE, win); // @put
        helper_scale(values, 4, 2.0);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
