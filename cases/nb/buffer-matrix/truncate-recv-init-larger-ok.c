// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 1 sends 4 ints and rank 0 receives them with a persistent MPI_Recv_init request into a buffer with room for 8 ints, of which the message fills 4.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/buffer-matrix/truncate-recv-init-short-nok
// NOTE: A receive buffer larger than the message is allowed; MPI_Get_count tells how much arrived (MPI-3.1 §3.2.4).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int in[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
        MPI_Status status;
        MPI_Request req;
        MPI_Recv_init(in, 8, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Start(&req);                                 // @recv
        MPI_Wait(&req, &status);
        MPI_Request_free(&req);
        int count;
        MPI_Get_count(&status, MPI_INT, &count);
        errors += count != 4;
        for (int i = 0; i < 4; i++)
            errors += in[i] != 20 + i;
    } else if (rank == 1) {
        int out[4] = {20, 21, 22, 23};
        MPI_Send(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD); // @send
    }

    MPI_Finalize();
    return errors != 0;
}
