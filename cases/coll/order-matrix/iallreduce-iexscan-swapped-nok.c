// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Rank 0 starts MPI_Iallreduce then MPI_Iexscan, rank 1 starts them in the opposite order.
// NPROCS: 2
// EXPECT: error coll.order.nbc-mismatch
// EXPECT-AT: rank0-first rank1-first
// TWIN: coll/order-matrix/iallreduce-iexscan-same-order-ok
// TIMEOUT: 10
// TAGS: deadlock-openmpi
// NOTE: MPI-3.1 §5.13: all processes must call collective operations (blocking and nonblocking) in the same order per communicator. Natively hangs with Open MPI and completes with MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf_a[4] = {1, 2, 3, 4};
    int recvbuf_a[4] = {0, 0, 0, 0};
    MPI_Request req_a;
    int sendbuf_b[4] = {1, 2, 3, 4};
    int recvbuf_b[4] = {0, 0, 0, 0};
    MPI_Request req_b;

    if (rank == 0) {
        MPI_Iallreduce(sendbuf_a, recvbuf_a, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req_a); // @rank0-first
        MPI_Iexscan(sendbuf_b, recvbuf_b, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req_b);
        MPI_Wait(&req_a, MPI_STATUS_IGNORE);
        MPI_Wait(&req_b, MPI_STATUS_IGNORE);
    } else {
        MPI_Iexscan(sendbuf_b, recvbuf_b, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req_b); // @rank1-first
        MPI_Iallreduce(sendbuf_a, recvbuf_a, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req_a);
        MPI_Wait(&req_a, MPI_STATUS_IGNORE);
        MPI_Wait(&req_b, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    return 0;
}
