// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 1 sends 4 ints and rank 0 receives them with MPI_Irecv and an MPI_Test loop into a buffer with room for only 2 ints.
// NPROCS: 2
// EXPECT: error nb.buffer.truncation
// EXPECT-AT: send recv
// TWIN: nb/buffer-matrix/truncate-irecv-test-exact-ok nb/buffer-matrix/truncate-irecv-test-larger-ok
// TAGS: crash
// NOTE: MPI-3.1 §3.2.4: a message longer than the receive buffer is an overflow error (MPI_ERR_TRUNCATE); with the default error handler Open MPI and MPICH both abort.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int in[2] = {-1, -1};
        MPI_Status status;
        MPI_Request req;
        MPI_Irecv(in, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @recv
        int flag = 0;
        while (!flag)
            MPI_Test(&req, &flag, &status);
        int count;
        MPI_Get_count(&status, MPI_INT, &count);
        errors += count != 4;
        for (int i = 0; i < 2; i++)
            errors += in[i] != 20 + i;
    } else if (rank == 1) {
        int out[4] = {20, 21, 22, 23};
        MPI_Send(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);       // @send
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
