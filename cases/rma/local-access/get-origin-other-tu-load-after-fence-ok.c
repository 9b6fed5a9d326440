// DESCRIPTION: Rank 0 calls a function of another translation unit that sums the origin buffer of an MPI_Get after the closing MPI_Win_fence completed it.
// NPROCS: 2
// EXPECT: ok
// SOURCES: ../../support/buffer_helpers.c
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
    }
    MPI_Win_fence(0, win);
    if (rank == 0)
        sum = helper_sum(values, 4);
    printf("rank %d: sum %g\n", rank, sum);

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
