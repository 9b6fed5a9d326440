// DESCRIPTION: Rank 1 receives into elements 2..3 of an array with MPI_Irecv and stores to element 3 while the receive is pending.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv store
// TWIN: nb/static-precision/irecv-store-neighbour-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int row[6] = {0, 0, 0, 0, 0, 0};
    int pair[2] = {7, 8};
    if (rank == 0) {
        MPI_Send(pair, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        MPI_Irecv(&row[2], 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &request); // @irecv
        row[3] = -1;                                                    // @store
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        sink = row[2];
        sink = row[3];
    }
    MPI_Finalize();
    return 0;
}
