// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Rank 0 calls MPI_Allgather while rank 1 calls MPI_Alltoall on the same communicator.
// NPROCS: 2
// EXPECT: error coll.order.mismatch
// EXPECT-AT: rank0 rank1
// TWIN: coll/arg-matrix/allgather-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §5.13: all processes must call collective operations (blocking and nonblocking) in the same order per communicator. Natively hangs with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    if (rank == 0) {
        MPI_Allgather(sendbuf, 2, MPI_INT, recvbuf, 2, MPI_INT, MPI_COMM_WORLD); // @rank0
    } else {
        MPI_Alltoall(sendbuf, 2, MPI_INT, recvbuf, 2, MPI_INT, MPI_COMM_WORLD); // @rank1
    }

    MPI_Finalize();
    return 0;
}
