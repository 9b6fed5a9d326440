// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Gather to gather 2 ints from each rank onto rank 0, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/gather-root-mismatch-nok coll/arg-matrix/gather-invalid-root-nok coll/arg-matrix/gather-type-mismatch-nok coll/arg-matrix/gather-datatype-null-nok coll/order-matrix/gather-rank0-only-nok coll/order-matrix/gather-vs-scatter-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    MPI_Gather(sendbuf, 2, MPI_INT, recvbuf, 2, MPI_INT, 0, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
