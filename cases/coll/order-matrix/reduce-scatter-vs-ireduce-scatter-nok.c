// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Rank 0 calls MPI_Reduce_scatter while rank 1 calls MPI_Ireduce_scatter: blocking and nonblocking collectives do not match each other.
// NPROCS: 2
// EXPECT: error coll.order.nbc-mismatch
// EXPECT-AT: blocking nonblocking
// TWIN: coll/arg-matrix/ireduce-scatter-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §5.12: nonblocking collective operations do not match with blocking collective operations. Natively hangs with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    if (rank == 0) {
        int counts[2] = {2, 2};
        MPI_Reduce_scatter(sendbuf, recvbuf, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @blocking
    } else {
        int counts[2] = {2, 2};
        MPI_Ireduce_scatter(sendbuf, recvbuf, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @nonblocking
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    return 0;
}
