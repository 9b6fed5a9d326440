// DESCRIPTION: Rank 1 calls a function of another translation unit that sums the buffer of an MPI_Irecv after MPI_Wait completed the receive.
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

    double v[8] = {0};
    if (rank == 0) {
        for (int i = 0; i < 8; i++)
            v[i] = i;
        MPI_Send(v, 8, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Irecv(v, 8, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req); // @irecv
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        double sum = helper_sum(v, 8);
        printf("sum %g\n", sum);
    }

    MPI_Finalize();
    return 0;
}
