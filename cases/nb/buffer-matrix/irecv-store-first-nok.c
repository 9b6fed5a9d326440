// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 0 receives into buf[2..5] with MPI_Irecv and stores to buf[2], an element of the message, while the operation is pending.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: recv access
// TWIN: nb/buffer-matrix/irecv-store-first-before-post-ok nb/buffer-matrix/irecv-store-before-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer of a nonblocking receive must not be accessed until the receive completes.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int buf[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
        MPI_Request req;
        MPI_Irecv(&buf[2], 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @recv
        buf[2] = -2;                                                // @access
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            errors += buf[2 + i] != 20 + i;
    } else if (rank == 1) {
        int out[4] = {20, 21, 22, 23};
        MPI_Send(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
