// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Reduce to sum 2 ints onto rank 0, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/reduce-root-mismatch-nok coll/arg-matrix/reduce-invalid-root-nok coll/arg-matrix/reduce-op-mismatch-nok coll/arg-matrix/reduce-op-null-nok coll/arg-matrix/reduce-type-mismatch-nok coll/arg-matrix/reduce-count-mismatch-nok coll/arg-matrix/reduce-datatype-null-nok coll/order-matrix/reduce-rank0-only-nok coll/order-matrix/reduce-vs-allreduce-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    MPI_Reduce(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
