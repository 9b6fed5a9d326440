// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: The root passes MPI_IN_PLACE as the send buffer of MPI_Ireduce, the other rank its buffer.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/ireduce-in-place-nonroot-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    void *source = (rank == 0) ? MPI_IN_PLACE : sendbuf;
    MPI_Ireduce(source, recvbuf, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
