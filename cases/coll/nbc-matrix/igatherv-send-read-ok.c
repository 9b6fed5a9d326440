// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: While MPI_Igatherv is pending, rank 0 reads its send buffer, which is allowed.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/nbc-matrix/igatherv-send-write-nok
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

    int counts[2] = {2, 2};
    int displs[2] = {0, 2};
    MPI_Igatherv(sendbuf, 2, MPI_INT, recvbuf, counts, displs, MPI_INT, 0, MPI_COMM_WORLD, &req); // @call
    if (rank == 0) {
        if (sendbuf[0] < 0) MPI_Abort(MPI_COMM_WORLD, 1); // @access
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
