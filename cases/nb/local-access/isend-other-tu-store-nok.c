// DESCRIPTION: Rank 0 calls a function of another translation unit that stores into the buffer of its pending MPI_Isend before MPI_Wait.
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: isend
// TWIN: nb/local-access/isend-other-tu-store-after-wait-ok
// SOURCES: ../../support/buffer_helpers.c
// NOTE: MPI-3.1 §3.7.2: the send buffer of a nonblocking send must not be modified until the send completes. The store is in cases/support/buffer_helpers.c, compiled apart from every MPI call.
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
        helper_scale(v, 8, 2.0);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(v, 8, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 8; i++)
            sink = v[i];
    }

    MPI_Finalize();
    return 0;
}
