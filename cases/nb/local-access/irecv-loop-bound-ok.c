// DESCRIPTION: Rank 1 initialises the part of an array before a pending MPI_Irecv's buffer in a loop that stops just before the buffer.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes. Only the loop's last iteration touches it.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int data[10] = {0};
    if (rank == 0) {
        int out[4] = {1, 2, 3, 4};
        MPI_Send(out, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Irecv(data + 6, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // @irecv
        for (int i = 0; i < 6; i++)
            data[i] = -1; // @store
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 6; i < 10; i++)
            sink = data[i];
    }

    MPI_Finalize();
    return 0;
}
