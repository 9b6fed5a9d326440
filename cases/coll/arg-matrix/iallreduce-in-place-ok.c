// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks pass MPI_IN_PLACE as the send buffer of MPI_Iallreduce.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/iallreduce-aliased-buffers-nok coll/arg-matrix/iallreduce-in-place-recvbuf-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    MPI_Iallreduce(MPI_IN_PLACE, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
