// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks pass MPI_DATATYPE_NULL as the datatype of MPI_Alltoall.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: call
// TWIN: coll/arg-matrix/alltoall-ok
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

    MPI_Alltoall(sendbuf, 2, MPI_DATATYPE_NULL, recvbuf, 2, MPI_DATATYPE_NULL, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
