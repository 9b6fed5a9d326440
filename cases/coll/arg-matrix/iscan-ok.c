// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Iscan to compute the inclusive prefix sum of 2 ints and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/iscan-op-mismatch-nok coll/arg-matrix/iscan-op-null-nok coll/arg-matrix/iscan-type-mismatch-nok coll/arg-matrix/iscan-count-mismatch-nok coll/arg-matrix/iscan-datatype-null-nok coll/order-matrix/iscan-rank0-only-nok coll/order-matrix/scan-vs-iscan-nok coll/nbc-matrix/iscan-missing-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    MPI_Iscan(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
