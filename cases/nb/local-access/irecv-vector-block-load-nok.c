// DESCRIPTION: Rank 1 receives a column of a 4x4 matrix (vector datatype) with MPI_Irecv and, before MPI_Wait, reads an element of that column.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv load
// TWIN: nb/local-access/irecv-vector-gap-load-ok
// NOTE: MPI-3.1 §3.7.2 and §4.1: the receive buffer is the bytes the datatype covers; the other columns (the vector's gaps) are not part of it and may be read.
#include <mpi.h>
#include <stdio.h>

static volatile double sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double m[4][4];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            m[i][j] = 4 * i + j;
    MPI_Datatype column;
    MPI_Type_vector(4, 1, 4, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    if (rank == 0) {
        double col[4] = {-1, -2, -3, -4};
        MPI_Send(col, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Irecv(&m[0][1], 1, column, 0, 0, MPI_COMM_WORLD, &req); // @irecv
        double seen = m[2][1]; // @load
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = m[i][1];
        printf("seen %g\n", seen);
    }
    MPI_Type_free(&column);

    MPI_Finalize();
    return 0;
}
