// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: While MPI_Iexscan is pending, rank 0 reads its send buffer, which is allowed.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/nbc-matrix/iexscan-send-write-nok
// NOTE: MPI-3.1 §5.12 restricts only modification of send buffers while the collective is pending.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    MPI_Iexscan(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @call
    if (rank == 0) {
        if (sendbuf[0] < 0) MPI_Abort(MPI_COMM_WORLD, 1); // @access
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
