// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Alltoallw to exchange 2 ints between every pair of ranks with per-peer datatypes, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/alltoallw-type-mismatch-nok coll/arg-matrix/alltoallw-datatype-null-nok coll/order-matrix/alltoallw-rank0-only-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    int counts[2] = {2, 2};
    int byte_displs[2] = {0, 2 * (int)sizeof(int)};
    MPI_Datatype types[2] = {MPI_INT, MPI_INT};
    MPI_Alltoallw(sendbuf, counts, byte_displs, types, recvbuf, counts, byte_displs, types, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
