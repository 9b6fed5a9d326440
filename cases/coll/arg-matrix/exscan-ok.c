// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Exscan to compute the exclusive prefix sum of 2 ints, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/exscan-op-mismatch-nok coll/arg-matrix/exscan-op-null-nok coll/arg-matrix/exscan-type-mismatch-nok coll/arg-matrix/exscan-count-mismatch-nok coll/arg-matrix/exscan-datatype-null-nok coll/order-matrix/exscan-rank0-only-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    MPI_Exscan(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
