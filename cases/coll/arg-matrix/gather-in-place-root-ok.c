// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: The root passes MPI_IN_PLACE as the send buffer of MPI_Gather, the other rank its buffer.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/gather-in-place-nonroot-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    void *source = (rank == 0) ? MPI_IN_PLACE : sendbuf;
    MPI_Gather(source, 2, MPI_INT, recvbuf, 2, MPI_INT, 0, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
