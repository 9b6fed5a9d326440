// DESCRIPTION: Rank 0 calls a function of another translation unit that reads the origin buffer of a pending MPI_Get before the closing MPI_Win_fence completes it.
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: get
// TWIN: rma/local-access/get-origin-other-tu-load-after-fence-ok
// SOURCES: ../../support/buffer_helpers.c
// NOTE: MPI-3.1 §11.3.2: the origin buffer of a get must not be accessed until the get completes (§11.5.1: the next fence). The load is in cases/support/buffer_helpers.c, compiled apart from every MPI call.
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

double helper_sum(const double *v, int n); /* cases/support/buffer_helpers.c: loads v[0..n) */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double *window = calloc(4, sizeof *window);
    for (int i = 0; i < 4; i++)
        window[i] = rank + i;
    MPI_Win win;
    MPI_Win_create(window, 4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    double values[4] = {0};
    double sum = 0;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Get(values, 4, MPI_DOUBLE, 1, 0, 4, MPI_DOUBLE, win); // @get
        sum = helper_sum(values, 4);
    }
    MPI_Win_fence(0, win);
    printf("rank %d: sum %g\n", rank, sum);

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
