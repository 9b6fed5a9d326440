// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks start MPI_Ibcast then MPI_Iallreduce and then wait for both.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/order-matrix/ibcast-iallreduce-swapped-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int buf_a[4] = {1, 2, 3, 4};
    MPI_Request req_a;
    int sendbuf_b[4] = {1, 2, 3, 4};
    int recvbuf_b[4] = {0, 0, 0, 0};
    MPI_Request req_b;

    MPI_Ibcast(buf_a, 2, MPI_INT, 0, MPI_COMM_WORLD, &req_a); // @first
    MPI_Iallreduce(sendbuf_b, recvbuf_b, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req_b); // @second
    MPI_Wait(&req_a, MPI_STATUS_IGNORE);
    MPI_Wait(&req_b, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
