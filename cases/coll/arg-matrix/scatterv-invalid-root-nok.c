// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks pass root 2 to MPI_Scatterv, which names no rank of the 2-process communicator.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: call
// TWIN: coll/arg-matrix/scatterv-ok
// TAGS: crash
// NOTE: Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    int root = 2; /* no such rank with 2 processes */
    int counts[2] = {2, 2};
    int displs[2] = {0, 2};
    MPI_Scatterv(sendbuf, counts, displs, MPI_INT, recvbuf, 2, MPI_INT, root, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
