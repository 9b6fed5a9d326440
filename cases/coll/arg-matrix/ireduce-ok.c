// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Ireduce to sum 2 ints onto rank 0 and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/ireduce-root-mismatch-nok coll/arg-matrix/ireduce-invalid-root-nok coll/arg-matrix/ireduce-op-mismatch-nok coll/arg-matrix/ireduce-op-null-nok coll/arg-matrix/ireduce-type-mismatch-nok coll/arg-matrix/ireduce-count-mismatch-nok coll/arg-matrix/ireduce-datatype-null-nok coll/order-matrix/ireduce-rank0-only-nok coll/order-matrix/reduce-vs-ireduce-nok coll/nbc-matrix/ireduce-missing-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    MPI_Ireduce(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
