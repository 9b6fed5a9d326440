// DESCRIPTION: Rank 0 reads (but does not write) the buffer of its pending MPI_Issend to compute a checksum before MPI_Wait.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/issend-store-while-pending-nok
// NOTE: MPI-3.1 §3.7.2 (changed in MPI-3.0): the send buffer of a pending send may be read.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    short data[3] = {1, 2, 3};
    int failed = 0;
    if (rank == 0) {
        MPI_Request request;
        MPI_Issend(data, 3, MPI_SHORT, 1, 0, MPI_COMM_WORLD, &request);
        int checksum = data[0] + data[1] + data[2];
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        failed = checksum != 6;
    } else if (rank == 1) {
        MPI_Recv(data, 3, MPI_SHORT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        failed = data[0] != 1 || data[1] != 2 || data[2] != 3;
    }
    MPI_Finalize();
    return failed;
}
