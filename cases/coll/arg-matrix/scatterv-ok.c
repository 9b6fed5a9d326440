// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Scatterv to scatter 2 ints from rank 0 to each rank with counts and displacements, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/scatterv-root-mismatch-nok coll/arg-matrix/scatterv-invalid-root-nok coll/arg-matrix/scatterv-type-mismatch-nok coll/arg-matrix/scatterv-datatype-null-nok coll/order-matrix/scatterv-rank0-only-nok
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
    MPI_Scatterv(sendbuf, counts, displs, MPI_INT, recvbuf, 2, MPI_INT, 0, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
