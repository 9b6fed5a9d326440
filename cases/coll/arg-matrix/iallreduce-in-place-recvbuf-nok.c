// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks pass MPI_IN_PLACE as the receive buffer of MPI_Iallreduce; only sendbuf may be MPI_IN_PLACE.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: call
// TWIN: coll/arg-matrix/iallreduce-in-place-ok
// TAGS: crash
// NOTE: MPI-3.1 §5.9.6: the "in place" option is passed as sendbuf. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    MPI_Request req;

    MPI_Iallreduce(sendbuf, MPI_IN_PLACE, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
