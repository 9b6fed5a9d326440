// DESCRIPTION: Rank 0 polls its MPI_Issend with MPI_Request_get_status and stores to the send buffer once it returned flag = 1, before MPI_Wait completes the request (the receiver posts its receive after a barrier).
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

    int value = 42;
    if (rank == 0) {
        MPI_Request req;
        int flag = 0;
        MPI_Issend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @issend
        MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD);
        while (!flag)
            MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
        value = 7; // @store
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = value;
    }

    MPI_Finalize();
    return 0;
}
