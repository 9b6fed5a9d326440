// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Iallreduce to sum 2 ints onto all ranks and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/iallreduce-op-mismatch-nok coll/arg-matrix/iallreduce-op-null-nok coll/arg-matrix/iallreduce-type-mismatch-nok coll/arg-matrix/iallreduce-count-mismatch-nok coll/arg-matrix/iallreduce-datatype-null-nok coll/arg-matrix/iallreduce-comm-null-nok coll/order-matrix/iallreduce-rank0-only-nok coll/order-matrix/allreduce-vs-iallreduce-nok coll/nbc-matrix/iallreduce-missing-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    MPI_Iallreduce(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
