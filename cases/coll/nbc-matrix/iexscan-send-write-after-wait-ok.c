// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: After MPI_Iexscan completes, rank 0 writes its send buffer.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/nbc-matrix/iexscan-send-write-nok
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
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (rank == 0) {
        sendbuf[0] = 42; // @access
    }

    MPI_Finalize();
    return 0;
}
