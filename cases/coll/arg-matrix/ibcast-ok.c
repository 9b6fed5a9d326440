// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Ibcast to broadcast 2 ints from rank 0 and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/ibcast-root-mismatch-nok coll/arg-matrix/ibcast-invalid-root-nok coll/arg-matrix/ibcast-type-mismatch-nok coll/arg-matrix/ibcast-datatype-null-nok coll/arg-matrix/ibcast-comm-null-nok coll/order-matrix/ibcast-rank0-only-nok coll/order-matrix/ibcast-vs-ireduce-nok coll/order-matrix/bcast-vs-ibcast-nok coll/nbc-matrix/ibcast-missing-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int buf[4] = {1, 2, 3, 4};
    MPI_Request req;

    MPI_Ibcast(buf, 2, MPI_INT, 0, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
