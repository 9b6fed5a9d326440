// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: While MPI_Ireduce is pending, rank 0 writes its send buffer.
// NPROCS: 2
// EXPECT: error coll.buffer.access-during-nbc
// EXPECT-AT: call access
// TWIN: coll/nbc-matrix/ireduce-send-write-after-wait-ok coll/nbc-matrix/ireduce-send-read-ok
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

    MPI_Ireduce(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, &req); // @call
    if (rank == 0) {
        sendbuf[0] = 42; // @access
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
