// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Alltoallv to exchange 2 ints between every pair of ranks with counts and displacements, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/alltoallv-type-mismatch-nok coll/arg-matrix/alltoallv-datatype-null-nok coll/order-matrix/alltoallv-rank0-only-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    int counts[2] = {2, 2};
    int displs[2] = {0, 2};
    MPI_Alltoallv(sendbuf, counts, displs, MPI_INT, recvbuf, counts, displs, MPI_INT, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
