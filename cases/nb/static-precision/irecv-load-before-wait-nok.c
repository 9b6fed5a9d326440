// DESCRIPTION: Rank 1 reads the last element of the buffer of its pending MPI_Irecv before MPI_Wait.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv load
// TWIN: nb/static-precision/irecv-load-after-wait-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double data[4] = {1.0, 2.0, 3.0, 4.0};
    double early = 0.0;
    if (rank == 0) {
        MPI_Send(data, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        MPI_Irecv(data, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &request); // @irecv
        early = data[3];                                                // @load
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            early += data[i];
    }
    (void)early;
    MPI_Finalize();
    return 0;
}
