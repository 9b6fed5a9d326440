// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Igather to gather 2 ints from each rank onto rank 0 and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/igather-root-mismatch-nok coll/arg-matrix/igather-invalid-root-nok coll/arg-matrix/igather-type-mismatch-nok coll/arg-matrix/igather-datatype-null-nok coll/order-matrix/igather-rank0-only-nok coll/order-matrix/igather-vs-iscatter-nok coll/order-matrix/gather-vs-igather-nok coll/nbc-matrix/igather-missing-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    MPI_Igather(sendbuf, 2, MPI_INT, recvbuf, 2, MPI_INT, 0, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
