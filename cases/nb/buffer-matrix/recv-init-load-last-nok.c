// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 0 receives into buf[2..5] with a persistent MPI_Recv_init request and loads buf[5], an element of the message, while the operation is pending.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: recv access
// TWIN: nb/buffer-matrix/recv-init-load-past-ok
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
        MPI_Recv_init(&buf[2], 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Start(&req);   // @recv
        int seen = buf[5]; // @access
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            errors += buf[2 + i] != 20 + i;
        errors += seen != 23;
        MPI_Request_free(&req);
    } else if (rank == 1) {
        int out[4] = {20, 21, 22, 23};
        MPI_Send(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
