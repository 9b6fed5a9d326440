// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 0 sends buf[2..5] with a persistent MPI_Send_init request and stores to buf[6], an element outside the message, while the operation is pending.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/buffer-matrix/send-init-store-last-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int buf[8] = {10, 11, 12, 13, 14, 15, 16, 17};
        MPI_Request req;
        MPI_Send_init(&buf[2], 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Start(&req); // @send
        buf[6] = -2;     // @access
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
    } else if (rank == 1) {
        int in[4];
        MPI_Recv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            errors += in[i] != 12 + i;
    }

    MPI_Finalize();
    return errors != 0;
}
