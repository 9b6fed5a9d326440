// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: The root passes MPI_IN_PLACE as the receive buffer of MPI_Scatterv, the other rank its buffer.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/scatterv-in-place-nonroot-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    void *target = (rank == 0) ? MPI_IN_PLACE : recvbuf;
    int counts[2] = {2, 2};
    int displs[2] = {0, 2};
    MPI_Scatterv(sendbuf, counts, displs, MPI_INT, target, 2, MPI_INT, 0, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
