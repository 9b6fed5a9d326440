// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks start MPI_Ibarrier then MPI_Ibcast and then wait for both.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/order-matrix/ibarrier-ibcast-swapped-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Request req_a;
    int buf_b[4] = {1, 2, 3, 4};
    MPI_Request req_b;

    MPI_Ibarrier(MPI_COMM_WORLD, &req_a); // @first
    MPI_Ibcast(buf_b, 2, MPI_INT, 0, MPI_COMM_WORLD, &req_b); // @second
    MPI_Wait(&req_a, MPI_STATUS_IGNORE);
    MPI_Wait(&req_b, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
