// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Reduce_scatter to sum 4 ints and scatter 2 of the sums to each rank, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/reduce-scatter-op-mismatch-nok coll/arg-matrix/reduce-scatter-op-null-nok coll/arg-matrix/reduce-scatter-type-mismatch-nok coll/arg-matrix/reduce-scatter-count-mismatch-nok coll/arg-matrix/reduce-scatter-datatype-null-nok coll/order-matrix/reduce-scatter-rank0-only-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    int counts[2] = {2, 2};
    MPI_Reduce_scatter(sendbuf, recvbuf, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
