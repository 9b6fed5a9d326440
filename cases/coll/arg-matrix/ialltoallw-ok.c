// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Ialltoallw to exchange 2 ints between every pair of ranks with per-peer datatypes and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/ialltoallw-type-mismatch-nok coll/arg-matrix/ialltoallw-datatype-null-nok coll/order-matrix/ialltoallw-rank0-only-nok coll/order-matrix/alltoallw-vs-ialltoallw-nok coll/nbc-matrix/ialltoallw-missing-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    int counts[2] = {2, 2};
    int byte_displs[2] = {0, 2 * (int)sizeof(int)};
    MPI_Datatype types[2] = {MPI_INT, MPI_INT};
    MPI_Ialltoallw(sendbuf, counts, byte_displs, types, recvbuf, counts, byte_displs, types, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
