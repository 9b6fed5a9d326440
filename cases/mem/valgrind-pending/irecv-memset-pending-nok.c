// DESCRIPTION: Rank 0 clears the buffer of a pending MPI_Irecv with memset, before MPI_Wait.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv clear
// TWIN: mem/valgrind-pending/irecv-memset-after-wait-ok
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
        memset(in, 0, sizeof in);             // @clear
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        int sum = in[0] + in[1] + in[2] + in[3];
        (void)sum;
    } else if (rank == 1) {
        int out[4] = {1, 2, 3, 4};
        MPI_Send(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
