// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Scatter to scatter 2 ints from rank 0 to each rank, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/scatter-root-mismatch-nok coll/arg-matrix/scatter-invalid-root-nok coll/arg-matrix/scatter-type-mismatch-nok coll/arg-matrix/scatter-datatype-null-nok coll/order-matrix/scatter-rank0-only-nok coll/order-matrix/scatter-vs-bcast-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    MPI_Scatter(sendbuf, 2, MPI_INT, recvbuf, 2, MPI_INT, 0, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
