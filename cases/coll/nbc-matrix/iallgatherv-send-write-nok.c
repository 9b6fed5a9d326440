// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: While MPI_Iallgatherv is pending, rank 0 writes its send buffer.
// NPROCS: 2
// EXPECT: error coll.buffer.access-during-nbc
// EXPECT-AT: call access
// TWIN: coll/nbc-matrix/iallgatherv-send-write-after-wait-ok coll/nbc-matrix/iallgatherv-send-read-ok
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
    int displs[2] = {0, 2};
    MPI_Iallgatherv(sendbuf, 2, MPI_INT, recvbuf, counts, displs, MPI_INT, MPI_COMM_WORLD, &req); // @call
    if (rank == 0) {
        sendbuf[0] = 42; // @access
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
