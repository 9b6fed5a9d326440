// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks pass MPI_DATATYPE_NULL as the datatype of MPI_Gatherv.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: call
// TWIN: coll/arg-matrix/gatherv-ok
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

    int counts[2] = {2, 2};
    int displs[2] = {0, 2};
    MPI_Gatherv(sendbuf, 2, MPI_DATATYPE_NULL, recvbuf, counts, displs, MPI_DATATYPE_NULL, 0, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
