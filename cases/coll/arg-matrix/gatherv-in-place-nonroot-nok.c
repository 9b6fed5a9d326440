// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Both ranks pass MPI_IN_PLACE as the send buffer of MPI_Gatherv, but only the root may.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: call
// TWIN: coll/arg-matrix/gatherv-in-place-root-ok
// TAGS: crash
// NOTE: MPI-3.1 §5.5: the "in place" option is specified at the root. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int recvbuf[4] = {0, 0, 0, 0};

    void *source = MPI_IN_PLACE; /* also on rank 1, which is not the root */
    int counts[2] = {2, 2};
    int displs[2] = {0, 2};
    MPI_Gatherv(source, 2, MPI_INT, recvbuf, counts, displs, MPI_INT, 0, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
