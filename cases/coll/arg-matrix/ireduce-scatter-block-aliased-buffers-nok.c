// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks pass the same array as send and receive buffer of MPI_Ireduce_scatter_block instead of MPI_IN_PLACE.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: call
// TWIN: coll/arg-matrix/ireduce-scatter-block-in-place-ok
// TAGS: crash-mpich
// NOTE: MPI-3.1 §2.3: an OUT argument must not be aliased with any other argument. Natively completes with Open MPI and aborts with MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    MPI_Ireduce_scatter_block(recvbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
