// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 1 sends 4 ints and rank 0 receives them with a persistent MPI_Recv_init request into a buffer with room for only one contiguous datatype of 3 ints.
// NPROCS: 2
// EXPECT: error nb.buffer.truncation
// EXPECT-AT: send recv
// TWIN: nb/buffer-matrix/truncate-recv-init-type-exact-ok
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
        int in[3] = {-1, -1, -1};
        MPI_Datatype triple;
        MPI_Type_contiguous(3, MPI_INT, &triple);
        MPI_Type_commit(&triple);
        MPI_Status status;
        MPI_Request req;
        MPI_Recv_init(in, 1, triple, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Start(&req);                                 // @recv
        MPI_Wait(&req, &status);
        MPI_Request_free(&req);
        int count;
        MPI_Get_count(&status, MPI_INT, &count);
        errors += count != 4;
        for (int i = 0; i < 3; i++)
            errors += in[i] != 20 + i;
        MPI_Type_free(&triple);
    } else if (rank == 1) {
        int out[4] = {20, 21, 22, 23};
        MPI_Send(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD); // @send
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
