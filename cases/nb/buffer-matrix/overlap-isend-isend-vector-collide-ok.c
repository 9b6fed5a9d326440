// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 0 sends every other int from buf[0] with MPI_Isend and, while that is active, sends every other int from buf[2] with MPI_Isend; the two ranges overlap.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/buffer-matrix/overlap-irecv-isend-vector-collide-nok nb/buffer-matrix/overlap-isend-irecv-vector-collide-nok
// NOTE: Two pending sends only read their buffers, so overlapping send buffers are allowed (MPI-3.1 §3.7.2).
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
        MPI_Isend(&buf[0], 1, every_other, 1, 0, MPI_COMM_WORLD, &reqs[0]); // @first
        MPI_Isend(&buf[2], 1, every_other, 1, 1, MPI_COMM_WORLD, &reqs[1]); // @second
        MPI_Waitall(2, reqs, statuses);
        MPI_Type_free(&every_other);
    } else if (rank == 1) {
        int in0[4];
        MPI_Recv(in0, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            errors += in0[i] != 10 + 2 * i;
        int in1[4];
        MPI_Recv(in1, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            errors += in1[i] != 12 + 2 * i;
    }

    MPI_Finalize();
    return errors != 0;
}
