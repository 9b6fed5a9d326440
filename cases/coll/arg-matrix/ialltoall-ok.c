// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Ialltoall to exchange 2 ints between every pair of ranks and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/ialltoall-type-mismatch-nok coll/arg-matrix/ialltoall-datatype-null-nok coll/order-matrix/ialltoall-rank0-only-nok coll/order-matrix/alltoall-vs-ialltoall-nok coll/nbc-matrix/ialltoall-missing-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    MPI_Ialltoall(sendbuf, 2, MPI_INT, recvbuf, 2, MPI_INT, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
