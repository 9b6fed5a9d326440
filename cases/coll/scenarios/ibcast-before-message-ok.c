// DESCRIPTION: Rank 0 starts an MPI_Ibcast and then sends rank 1 a message; rank 1 receives it before starting the same MPI_Ibcast. Starting a nonblocking collective is local, so rank 0 must not wait there for rank 1.
// NPROCS: 2
// EXPECT: ok
// TAGS: smoke
// NOTE: MPI-3.1 §5.12: a nonblocking collective's start call is local and returns without waiting for other processes; only its completion may synchronise. A checker that exchanges data when the call starts deadlocks here.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = (rank == 0) ? 42 : 0;
    int token = 7;
    MPI_Request req;
    if (rank == 0) {
        MPI_Ibcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
        MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Ibcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    const int failed = value != 42 || token != 7; /* read before MPI_Finalize */
    MPI_Finalize();
    return failed;
}
