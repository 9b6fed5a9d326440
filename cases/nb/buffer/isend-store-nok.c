// DESCRIPTION: Rank 0 stores to the buffer of a pending MPI_Isend before MPI_Wait.
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: isend store
// TWIN: nb/buffer/isend-wait-store-ok
// NOTE: MPI-3.1 §3.7.2: the send buffer must not be modified until the send completes.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank == 0 ? 1 : 0;
    if (rank == 0) {
        MPI_Request request;
        MPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request); // @isend
        value = 2;                                                     // @store
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int received = value;
        (void)received;
    }

    MPI_Finalize();
    return 0;
}
