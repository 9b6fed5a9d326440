// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Only rank 0 calls MPI_Iscan; rank 1 skips it and finalizes.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: call
// TWIN: coll/arg-matrix/iscan-ok
// TIMEOUT: 10
// TAGS: deadlock-mpich
// NOTE: MPI-3.1 §5.1: a collective is called by all processes of the communicator. Natively completes with Open MPI and hangs with MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    if (rank == 0) {
        MPI_Iscan(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @call
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    return 0;
}
