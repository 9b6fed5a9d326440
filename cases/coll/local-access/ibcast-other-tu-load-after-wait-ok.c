// DESCRIPTION: The non-root rank passes the buffer of an MPI_Ibcast to a function of another translation unit that sums it, after MPI_Wait completed the broadcast.
// NPROCS: 2
// EXPECT: ok
// SOURCES: ../../support/buffer_helpers.c
#include <mpi.h>
#include <stdio.h>

double helper_sum(const double *v, int n); /* cases/support/buffer_helpers.c: loads v[0..n) */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double params[4] = {0};
    if (rank == 0)
        for (int i = 0; i < 4; i++)
            params[i] = i + 1;
    double sum = 0;
    MPI_Request req;
    MPI_Ibcast(params, 4, MPI_DOUBLE, 0, MPI_COMM_WORLD, &req); // @ibcast
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (rank == 1)
        sum = helper_sum(params, 4);
    printf("rank %d: sum %g\n", rank, sum);

    MPI_Finalize();
    return 0;
}
