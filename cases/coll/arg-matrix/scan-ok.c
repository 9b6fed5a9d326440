// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Scan to compute the inclusive prefix sum of 2 ints, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/scan-op-mismatch-nok coll/arg-matrix/scan-op-null-nok coll/arg-matrix/scan-type-mismatch-nok coll/arg-matrix/scan-count-mismatch-nok coll/arg-matrix/scan-datatype-null-nok coll/order-matrix/scan-rank0-only-nok coll/order-matrix/scan-vs-exscan-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    MPI_Scan(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
