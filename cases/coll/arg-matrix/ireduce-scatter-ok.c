// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Ireduce_scatter to sum 4 ints and scatter 2 of the sums to each rank and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/ireduce-scatter-op-mismatch-nok coll/arg-matrix/ireduce-scatter-op-null-nok coll/arg-matrix/ireduce-scatter-type-mismatch-nok coll/arg-matrix/ireduce-scatter-count-mismatch-nok coll/arg-matrix/ireduce-scatter-datatype-null-nok coll/order-matrix/ireduce-scatter-rank0-only-nok coll/order-matrix/reduce-scatter-vs-ireduce-scatter-nok coll/nbc-matrix/ireduce-scatter-missing-wait-nok
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
    MPI_Ireduce_scatter(sendbuf, recvbuf, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
