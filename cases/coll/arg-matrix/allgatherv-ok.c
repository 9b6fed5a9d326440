// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Allgatherv to gather 2 ints from each rank onto all ranks with counts and displacements, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/allgatherv-type-mismatch-nok coll/arg-matrix/allgatherv-datatype-null-nok coll/order-matrix/allgatherv-rank0-only-nok coll/order-matrix/allgatherv-vs-barrier-nok
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
    MPI_Allgatherv(sendbuf, 2, MPI_INT, recvbuf, counts, displs, MPI_INT, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
