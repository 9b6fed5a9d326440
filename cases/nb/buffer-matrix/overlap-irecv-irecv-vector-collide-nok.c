// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 0 receives into every other int from buf[0] with MPI_Irecv and, while that is active, receives into every other int from buf[2] with MPI_Irecv; the two ranges overlap.
// NPROCS: 2
// EXPECT: error nb.buffer.overlap
// EXPECT-AT: first second
// TWIN: nb/buffer-matrix/overlap-irecv-irecv-vector-interleave-ok
// NOTE: MPI-3.1 §3.7.2: a buffer being received into must not be accessed by another operation until the receive completes; overlapping send buffers that are only read are allowed.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int buf[10] = {10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
        MPI_Datatype every_other; /* 4 ints at stride 2 */
        MPI_Type_vector(4, 1, 2, MPI_INT, &every_other);
        MPI_Type_commit(&every_other);
        MPI_Request reqs[2];
        MPI_Status statuses[2];
        MPI_Irecv(&buf[0], 1, every_other, 1, 0, MPI_COMM_WORLD, &reqs[0]); // @first
        MPI_Irecv(&buf[2], 1, every_other, 1, 1, MPI_COMM_WORLD, &reqs[1]); // @second
        MPI_Waitall(2, reqs, statuses);
        for (int i = 0; i < 4; i++)
            errors += buf[2 * i] != 100 + i;
        for (int i = 0; i < 4; i++)
            errors += buf[2 + 2 * i] != 200 + i;
        MPI_Type_free(&every_other);
    } else if (rank == 1) {
        int out0[4];
        for (int i = 0; i < 4; i++)
            out0[i] = 100 + i;
        MPI_Send(out0, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
        int out1[4];
        for (int i = 0; i < 4; i++)
            out1[i] = 200 + i;
        MPI_Send(out1, 4, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
