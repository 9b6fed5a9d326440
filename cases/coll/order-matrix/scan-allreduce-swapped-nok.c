// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Rank 0 calls MPI_Scan then MPI_Allreduce, rank 1 calls them in the opposite order.
// NPROCS: 2
// EXPECT: error coll.order.mismatch
// EXPECT-AT: rank0-first rank1-first
// TWIN: coll/order-matrix/scan-allreduce-same-order-ok
// TIMEOUT: 10
// TAGS: deadlock-mpich
// NOTE: MPI-3.1 §5.13: all processes must call collective operations (blocking and nonblocking) in the same order per communicator. Natively completes with Open MPI and hangs with MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    if (rank == 0) {
        MPI_Scan(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @rank0-first
        MPI_Allreduce(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    } else {
        MPI_Allreduce(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @rank1-first
        MPI_Scan(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return 0;
}
