// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: While MPI_Ireduce_scatter is pending, rank 1 reads its receive buffer.
// NPROCS: 2
// EXPECT: error coll.buffer.access-during-nbc
// EXPECT-AT: call access
// TWIN: coll/nbc-matrix/ireduce-scatter-recv-read-after-wait-ok
// NOTE: MPI-3.1 §5.12: send buffers and input arrays must not be modified, and receive buffers not accessed, until the collective completes. Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    int counts[2] = {2, 2};
    MPI_Ireduce_scatter(sendbuf, recvbuf, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @call
    if (rank == 1) {
        if (recvbuf[0] < 0) MPI_Abort(MPI_COMM_WORLD, 1); // @access
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
