// DESCRIPTION: Rank 0 reads the buffer of an MPI_Irecv after MPI_Wait completed it.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/valgrind-pending/irecv-read-before-wait-nok
// NOTE: MPI-3.1 §3.7.2: the receive buffer of a nonblocking receive may not be accessed until the receive completes.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int in[4] = {0, 0, 0, 0};
        MPI_Request req;
        MPI_Irecv(in, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @irecv
        MPI_Wait(&req, MPI_STATUS_IGNORE);   // @wait
        int sum = in[0] + in[1] + in[2] + in[3]; // @read
        (void)sum;
    } else if (rank == 1) {
        int out[4] = {1, 2, 3, 4};
        MPI_Send(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
