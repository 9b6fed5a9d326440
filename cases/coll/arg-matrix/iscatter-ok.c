// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Iscatter to scatter 2 ints from rank 0 to each rank and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/iscatter-root-mismatch-nok coll/arg-matrix/iscatter-invalid-root-nok coll/arg-matrix/iscatter-type-mismatch-nok coll/arg-matrix/iscatter-datatype-null-nok coll/order-matrix/iscatter-rank0-only-nok coll/order-matrix/scatter-vs-iscatter-nok coll/nbc-matrix/iscatter-missing-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    MPI_Iscatter(sendbuf, 2, MPI_INT, recvbuf, 2, MPI_INT, 0, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
