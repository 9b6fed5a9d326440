// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Reduce then MPI_Bcast.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/order-matrix/reduce-bcast-swapped-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    int buf[4] = {1, 2, 3, 4};

    MPI_Reduce(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD); // @first
    MPI_Bcast(buf, 2, MPI_INT, 0, MPI_COMM_WORLD); // @second

    MPI_Finalize();
    return 0;
}
