// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Rank 0 calls MPI_Scatter while rank 1 calls MPI_Iscatter: blocking and nonblocking collectives do not match each other.
// NPROCS: 2
// EXPECT: error coll.order.nbc-mismatch
// EXPECT-AT: blocking nonblocking
// TWIN: coll/arg-matrix/iscatter-ok
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
        MPI_Scatter(sendbuf, 2, MPI_INT, recvbuf, 2, MPI_INT, 0, MPI_COMM_WORLD); // @blocking
    } else {
        MPI_Iscatter(sendbuf, 2, MPI_INT, recvbuf, 2, MPI_INT, 0, MPI_COMM_WORLD, &req); // @nonblocking
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    return 0;
}
