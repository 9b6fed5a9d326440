// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 0 sends buf[2..5] with MPI_Ibsend and loads buf[2], an element of the message, while the operation is pending.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/buffer-matrix/ibsend-store-first-nok
// NOTE: Reading the buffer of a pending send is allowed since MPI-3.0 (MPI-3.1 §3.7.2).
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
        MPI_Request req;
        int attached_size;
        MPI_Pack_size(4, MPI_INT, MPI_COMM_WORLD, &attached_size);
        attached_size += MPI_BSEND_OVERHEAD;
        char *attached = malloc((size_t)attached_size);
        MPI_Buffer_attach(attached, attached_size);
        MPI_Ibsend(&buf[2], 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @send
        int seen = buf[2];                                           // @access
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errors += seen != 12;
        MPI_Buffer_detach(&attached, &attached_size);
        free(attached);
    } else if (rank == 1) {
        int in[4];
        MPI_Recv(in, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            errors += in[i] != 12 + i;
    }

    MPI_Finalize();
    return errors != 0;
}
