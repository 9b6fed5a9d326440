// GENERATED: cases/gen/nb_buffer_matrix.cpp
// DESCRIPTION: Rank 0 sends buf[0..3] with MPI_Isend and, while that is active, receives into buf[4..7] with MPI_Irecv; the two ranges are disjoint.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/buffer-matrix/overlap-isend-irecv-same-range-nok nb/buffer-matrix/overlap-isend-irecv-shifted-half-nok nb/buffer-matrix/overlap-isend-irecv-one-element-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int buf[10] = {10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
        MPI_Request reqs[2];
        MPI_Status statuses[2];
        MPI_Isend(&buf[0], 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]); // @first
        MPI_Irecv(&buf[4], 4, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]); // @second
        MPI_Waitall(2, reqs, statuses);
        for (int i = 0; i < 4; i++)
            errors += buf[4 + i] != 200 + i;
    } else if (rank == 1) {
        int in0[4];
        MPI_Recv(in0, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            errors += in0[i] != 10 + i;
        int out1[4];
        for (int i = 0; i < 4; i++)
            out1[i] = 200 + i;
        MPI_Send(out1, 4, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
