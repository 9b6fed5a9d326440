// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 0 sends buf[0], buf[2], buf[4], buf[6] (a vector datatype) with MPI_Ibsend and stores to buf[4], an element of the message, while the operation is pending.
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: send access
// TWIN: nb/buffer-matrix/ibsend-vector-store-gap-ok
// NOTE: MPI-3.1 §3.7.2: the send buffer of a nonblocking send must not be modified until the send completes.
#include <mpi.h>
#include <stdlib.h>

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
        int attached_size;
        MPI_Pack_size(1, every_other, MPI_COMM_WORLD, &attached_size);
        attached_size += MPI_BSEND_OVERHEAD;
        char *attached = malloc((size_t)attached_size);
        MPI_Buffer_attach(attached, attached_size);
        MPI_Ibsend(buf, 1, every_other, 1, 0, MPI_COMM_WORLD, &req); // @send
        buf[4] = -2;                                                 // @access
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Buffer_detach(&attached, &attached_size);
        free(attached);
        MPI_Type_free(&every_other);
    } else if (rank == 1) {
        int in[4];
        MPI_Recv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            errors += in[i] != 10 + 2 * i;
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
