// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 0 sends buf[0], buf[2], buf[4], buf[6] (a vector datatype) with MPI_Isend and stores to buf[3], an element outside the message, while the operation is pending.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/buffer-matrix/isend-vector-store-covered-nok
// NOTE: The vector datatype does not cover buf[3]: the gaps of a derived datatype are not part of the send buffer.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int buf[8] = {10, 11, 12, 13, 14, 15, 16, 17};
        MPI_Datatype every_other; /* 4 ints at stride 2 */
        MPI_Type_vector(4, 1, 2, MPI_INT, &every_other);
        MPI_Type_commit(&every_other);
        MPI_Request req;
        MPI_Isend(buf, 1, every_other, 1, 0, MPI_COMM_WORLD, &req); // @send
        buf[3] = -2;                                                // @access
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Type_free(&every_other);
    } else if (rank == 1) {
        int in[4];
        MPI_Recv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            errors += in[i] != 10 + 2 * i;
    }

    MPI_Finalize();
    return errors != 0;
}
