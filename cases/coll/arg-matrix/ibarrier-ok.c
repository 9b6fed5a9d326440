// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Ibarrier to synchronise and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/ibarrier-comm-null-nok coll/order-matrix/ibarrier-rank0-only-nok coll/order-matrix/ibarrier-vs-ibcast-nok coll/order-matrix/barrier-vs-ibarrier-nok coll/nbc-matrix/ibarrier-missing-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Request req;

    MPI_Ibarrier(MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
