// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Reduce_scatter_block to sum 4 ints and scatter blocks of 2 sums to each rank, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/reduce-scatter-block-op-mismatch-nok coll/arg-matrix/reduce-scatter-block-op-null-nok coll/arg-matrix/reduce-scatter-block-type-mismatch-nok coll/arg-matrix/reduce-scatter-block-count-mismatch-nok coll/arg-matrix/reduce-scatter-block-datatype-null-nok coll/order-matrix/reduce-scatter-block-rank0-only-nok coll/order-matrix/reduce-scatter-block-vs-allreduce-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    MPI_Reduce_scatter_block(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
