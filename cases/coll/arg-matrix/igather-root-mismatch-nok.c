// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Each rank passes its own rank as the root of MPI_Igather, so the ranks disagree on the root.
// NPROCS: 2
// EXPECT: error coll.arg.root-mismatch
// EXPECT-AT: call
// TWIN: coll/arg-matrix/igather-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §5.5 and §5.12: root must have the same value on all processes. Natively hangs with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    int root = rank; /* each rank names itself */
    MPI_Igather(sendbuf, 2, MPI_INT, recvbuf, 2, MPI_INT, root, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
