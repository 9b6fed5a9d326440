// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Allreduce to sum 2 ints onto all ranks, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/allreduce-op-mismatch-nok coll/arg-matrix/allreduce-op-null-nok coll/arg-matrix/allreduce-type-mismatch-nok coll/arg-matrix/allreduce-count-mismatch-nok coll/arg-matrix/allreduce-datatype-null-nok coll/arg-matrix/allreduce-comm-null-nok coll/order-matrix/allreduce-rank0-only-nok coll/order-matrix/allreduce-vs-allgather-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    MPI_Allreduce(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
