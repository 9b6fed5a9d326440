// DESCRIPTION: Rank 0 clears the buffer of an MPI_Irecv with memset after MPI_Wait completed it and it was read.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/valgrind-pending/irecv-memset-pending-nok
// NOTE: MPI-3.1 §3.7.2: the receive buffer of a pending nonblocking receive may not be accessed; a library call writing it is the program's access.
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int in[4];
        MPI_Request req;
        MPI_Irecv(in, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @irecv
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        int sum = in[0] + in[1] + in[2] + in[3];
        memset(in, 0, sizeof in);             // @clear
        (void)sum;
    } else if (rank == 1) {
        int out[4] = {1, 2, 3, 4};
        MPI_Send(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
