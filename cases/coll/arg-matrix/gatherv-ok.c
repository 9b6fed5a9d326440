// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Gatherv to gather 2 ints from each rank onto rank 0 with counts and displacements, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/gatherv-root-mismatch-nok coll/arg-matrix/gatherv-invalid-root-nok coll/arg-matrix/gatherv-type-mismatch-nok coll/arg-matrix/gatherv-datatype-null-nok coll/order-matrix/gatherv-rank0-only-nok coll/order-matrix/gatherv-vs-bcast-nok
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
    MPI_Gatherv(sendbuf, 2, MPI_INT, recvbuf, counts, displs, MPI_INT, 0, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
