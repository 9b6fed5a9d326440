// DESCRIPTION: Rank 1 sends tag 1 with MPI_Isend and tag 2 with MPI_Send; rank 0 receives tag 2 first, then tag 1 (matching by tag, not by order).
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int a = 1, b = 2, in1 = 1, in2 = 2;
    if (rank == 1) {
        MPI_Request req;
        MPI_Isend(&a, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &req);
        MPI_Send(&b, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Request req;
        in1 = in2 = 0;
        MPI_Irecv(&in1, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        MPI_Recv(&in2, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    const int failed = in1 != 1 || in2 != 2;
    MPI_Finalize();
    return failed;
}
