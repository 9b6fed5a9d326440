// DESCRIPTION: Rank 1 loads the buffer of a pending MPI_Irecv before MPI_Wait (and again, correctly, after it).
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv load
// TWIN: nb/buffer/irecv-wait-load-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank == 0 ? 1 : 0;
    int failed = 0;
    if (rank == 0) {
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Request request;
        MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &request); // @irecv
        int early = value;                                             // @load
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        int received = value;
        failed = received != 1;
        (void)early;
    }

    MPI_Finalize();
    return failed;
}
