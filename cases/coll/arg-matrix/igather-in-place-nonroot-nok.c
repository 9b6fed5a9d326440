// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Both ranks pass MPI_IN_PLACE as the send buffer of MPI_Igather, but only the root may.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: call
// TWIN: coll/arg-matrix/igather-in-place-root-ok
// TAGS: crash
// NOTE: MPI-3.1 §5.5 and §5.12: the "in place" option is specified at the root. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    void *source = MPI_IN_PLACE; /* also on rank 1, which is not the root */
    MPI_Igather(source, 2, MPI_INT, recvbuf, 2, MPI_INT, 0, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
