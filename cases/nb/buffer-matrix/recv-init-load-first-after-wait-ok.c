// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 0 receives into buf[2..5] with a persistent MPI_Recv_init request and loads buf[2], an element of the message, after MPI_Wait has completed the operation.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/buffer-matrix/recv-init-load-first-nok
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
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        int seen = buf[2]; // @access
        for (int i = 0; i < 4; i++)
            errors += buf[2 + i] != 20 + i;
        errors += seen != 20;
        MPI_Request_free(&req);
    } else if (rank == 1) {
        int out[4] = {20, 21, 22, 23};
        MPI_Send(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
