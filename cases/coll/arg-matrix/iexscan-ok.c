// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Iexscan to compute the exclusive prefix sum of 2 ints and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/iexscan-op-mismatch-nok coll/arg-matrix/iexscan-op-null-nok coll/arg-matrix/iexscan-type-mismatch-nok coll/arg-matrix/iexscan-count-mismatch-nok coll/arg-matrix/iexscan-datatype-null-nok coll/order-matrix/iexscan-rank0-only-nok coll/order-matrix/exscan-vs-iexscan-nok coll/nbc-matrix/iexscan-missing-wait-nok
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

    MPI_Finalize();
    return 0;
}
