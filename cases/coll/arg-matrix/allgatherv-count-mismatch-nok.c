// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Rank 0 passes 2 MPI_INT and rank 1 one MPI_INT to MPI_Allgatherv: the type signatures differ.
// NPROCS: 2
// EXPECT: error coll.arg.type-mismatch
// EXPECT-AT: call
// TWIN: coll/arg-matrix/allgatherv-contiguous-ok
// TAGS: crash-openmpi
// NOTE: MPI-3.1 §5.7: the type signatures must match. Natively aborts with Open MPI and completes with MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    int count = (rank == 0) ? 2 : 1;
    int counts[2] = {count, count};
    int displs[2] = {0, count};
    MPI_Allgatherv(sendbuf, count, MPI_INT, recvbuf, counts, displs, MPI_INT, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
