// DESCRIPTION: Rank 1 polls its MPI_Irecv with MPI_Request_get_status and reads the receive buffer once it returned flag = 1, before MPI_Wait completes the request (the sender sends after a barrier).
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §3.7.3: MPI_Request_get_status with flag = 1 says the operation is complete; the request stays active until MPI_Wait, but the buffer is the program's again.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = -1;
    if (rank == 0) {
        value = 42;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        int flag = 0;
        MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // @irecv
        MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD);
        while (!flag)
            MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
        sink = value; // @load
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    return 0;
}
