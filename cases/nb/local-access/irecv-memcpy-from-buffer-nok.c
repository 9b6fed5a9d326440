// DESCRIPTION: Rank 1 memcpy()s out of the buffer of its pending MPI_Irecv before MPI_Wait.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv copy
// TWIN: nb/local-access/irecv-memcpy-from-buffer-after-wait-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be read until the receive completes.
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int in[6] = {0}, copy[6];
    if (rank == 0) {
        int out[6] = {1, 2, 3, 4, 5, 6};
        MPI_Send(out, 6, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Irecv(in, 6, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // @irecv
        memcpy(copy, in, sizeof in); // @copy
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        (void)copy;
    }

    MPI_Finalize();
    return 0;
}
