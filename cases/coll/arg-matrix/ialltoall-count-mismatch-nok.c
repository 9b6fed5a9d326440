// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Rank 0 passes 2 MPI_INT and rank 1 one MPI_INT to MPI_Ialltoall: the type signatures differ.
// NPROCS: 2
// EXPECT: error coll.arg.type-mismatch
// EXPECT-AT: call
// TWIN: coll/arg-matrix/ialltoall-contiguous-ok
// TAGS: crash-openmpi
// NOTE: MPI-3.1 §5.8 and §5.12: the type signatures must match. Natively aborts with Open MPI and completes with MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    int count = (rank == 0) ? 2 : 1;
    MPI_Ialltoall(sendbuf, count, MPI_INT, recvbuf, count, MPI_INT, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
