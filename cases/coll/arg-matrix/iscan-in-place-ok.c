// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks pass MPI_IN_PLACE as the send buffer of MPI_Iscan.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/iscan-aliased-buffers-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    MPI_Iscan(MPI_IN_PLACE, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
