// DESCRIPTION: Rank 0 calls a function of another translation unit that scales the buffer of an MPI_Isend after MPI_Wait completed the send.
// NPROCS: 2
// EXPECT: ok
// SOURCES: ../../support/buffer_helpers.c
#include <mpi.h>

static volatile double sink; /* received values are loaded here: read, nothing decided on them */

void helper_scale(double *v, int n, double by); /* cases/support/buffer_helpers.c: stores v[0..n) */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double v[8];
    for (int i = 0; i < 8; i++)
        v[i] = i;
    if (rank == 0) {
        MPI_Request req;
        MPI_Isend(v, 8, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req); // @isend
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        helper_scale(v, 8, 2.0);
    } else if (rank == 1) {
        MPI_Recv(v, 8, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 8; i++)
            sink = v[i];
    }

    MPI_Finalize();
    return 0;
}
