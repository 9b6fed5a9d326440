// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Both ranks pass MPI_IN_PLACE as the receive buffer of MPI_Iscatterv, but only the root may.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: call
// TWIN: coll/arg-matrix/iscatterv-in-place-root-ok
// TAGS: crash
// NOTE: MPI-3.1 §5.6 and §5.12: the "in place" option is specified at the root. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    MPI_Request req;

    void *target = MPI_IN_PLACE; /* also on rank 1, which is not the root */
    int counts[2] = {2, 2};
    int displs[2] = {0, 2};
    MPI_Iscatterv(sendbuf, counts, displs, MPI_INT, target, 2, MPI_INT, 0, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
