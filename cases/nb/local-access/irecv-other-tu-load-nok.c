// DESCRIPTION: Rank 1 calls a function of another translation unit that reads the buffer of its pending MPI_Irecv before MPI_Wait.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv
// TWIN: nb/local-access/irecv-other-tu-load-after-wait-ok
// SOURCES: ../../support/buffer_helpers.c
// NOTE: MPI-3.1 §3.7.2: the receive buffer of a nonblocking receive must not be accessed until the receive completes. The load is in cases/support/buffer_helpers.c, compiled apart from every MPI call.
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
        double sum = helper_sum(v, 8);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        printf("sum %g\n", sum);
    }

    MPI_Finalize();
    return 0;
}
