// DESCRIPTION: The non-root rank passes the buffer of its pending MPI_Ibcast to a function of another translation unit that sums it, before MPI_Wait.
// NPROCS: 2
// EXPECT: error coll.buffer.access-during-nbc
// EXPECT-AT: ibcast
// TWIN: coll/local-access/ibcast-other-tu-load-after-wait-ok
// SOURCES: ../../support/buffer_helpers.c
// NOTE: MPI-3.1 §5.12: at a non-root rank the buffer of MPI_Ibcast is a receive buffer and must not be accessed until the collective completes. The load is in cases/support/buffer_helpers.c, compiled apart from every MPI call.
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
    if (rank == 1)
        sum = helper_sum(params, 4);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank %d: sum %g\n", rank, sum);

    MPI_Finalize();
    return 0;
}
