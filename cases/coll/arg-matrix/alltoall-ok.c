// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Alltoall to exchange 2 ints between every pair of ranks, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/alltoall-type-mismatch-nok coll/arg-matrix/alltoall-datatype-null-nok coll/order-matrix/alltoall-rank0-only-nok coll/order-matrix/alltoall-vs-alltoallv-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    MPI_Alltoall(sendbuf, 2, MPI_INT, recvbuf, 2, MPI_INT, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
