// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks pass MPI_COMM_NULL as the communicator of MPI_Ibcast.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: call
// TWIN: coll/arg-matrix/ibcast-ok
// TAGS: crash
// NOTE: Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int buf[4] = {1, 2, 3, 4};
    MPI_Request req;

    MPI_Ibcast(buf, 2, MPI_INT, 0, MPI_COMM_NULL, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
