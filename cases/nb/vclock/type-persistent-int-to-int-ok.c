// DESCRIPTION: Rank 0 sends three MPI_INT with a persistent MPI_Send_init started twice; rank 1 receives each with a persistent MPI_Recv_init of three MPI_INT.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Request req;
    int out[3] = {1, 2, 3}, in[3] = {0, 0, 0};
    if (rank == 0)
        MPI_Send_init(out, 3, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    else
        MPI_Recv_init(in, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
    int failed = 0;
    for (int k = 0; k < 2; k++) {
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        if (rank == 1) /* each round reads what it received */
            failed |= in[0] != 1 || in[1] != 2 || in[2] != 3;
    }
    MPI_Request_free(&req);
    MPI_Finalize();
    return failed;
}
