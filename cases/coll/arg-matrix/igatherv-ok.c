// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Igatherv to gather 2 ints from each rank onto rank 0 with counts and displacements and complete it with MPI_Wait, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/igatherv-root-mismatch-nok coll/arg-matrix/igatherv-invalid-root-nok coll/arg-matrix/igatherv-type-mismatch-nok coll/arg-matrix/igatherv-datatype-null-nok coll/order-matrix/igatherv-rank0-only-nok coll/order-matrix/gatherv-vs-igatherv-nok coll/nbc-matrix/igatherv-missing-wait-nok
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
    int displs[2] = {0, 2};
    MPI_Igatherv(sendbuf, 2, MPI_INT, recvbuf, counts, displs, MPI_INT, 0, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
