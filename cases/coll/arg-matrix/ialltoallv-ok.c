// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Ialltoallv to exchange 2 ints between every pair of ranks with counts and displacements and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/ialltoallv-type-mismatch-nok coll/arg-matrix/ialltoallv-datatype-null-nok coll/order-matrix/ialltoallv-rank0-only-nok coll/order-matrix/alltoallv-vs-ialltoallv-nok coll/nbc-matrix/ialltoallv-missing-wait-nok
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
    MPI_Ialltoallv(sendbuf, counts, displs, MPI_INT, recvbuf, counts, displs, MPI_INT, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
