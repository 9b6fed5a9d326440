// DESCRIPTION: Rank 0 starts a persistent MPI_Recv_init from rank 1, then one from rank 2, storing the values in rank order; ranks 1 and 2 send.
// NPROCS: 3
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, value = 0, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 2; k++) {
            MPI_Request req;
            MPI_Recv_init(&value, 1, MPI_INT, k + 1, 0, MPI_COMM_WORLD, &req);
            MPI_Start(&req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            got[k] = value;
            MPI_Request_free(&req);
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    const int failed = rank == 0 && (got[0] != 1 || got[1] != 2);
    MPI_Finalize();
    return failed;
}
