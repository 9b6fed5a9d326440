// DESCRIPTION: Rank 0 increments an element of the buffer of its pending MPI_Issend before MPI_Wait.
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: issend store
// TWIN: nb/static-precision/issend-load-while-pending-ok
// NOTE: MPI-3.1 §3.7.2: the send buffer must not be modified until the send completes.
#include <mpi.h>

static volatile short sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    short data[3] = {1, 2, 3};
    if (rank == 0) {
        MPI_Request request;
        MPI_Issend(data, 3, MPI_SHORT, 1, 0, MPI_COMM_WORLD, &request); // @issend
        data[1] += 1;                                                   // @store
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(data, 3, MPI_SHORT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 3; i++)
            sink = data[i];
    }
    MPI_Finalize();
    return 0;
}
