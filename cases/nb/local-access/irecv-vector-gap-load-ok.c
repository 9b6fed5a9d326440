// DESCRIPTION: Rank 1 receives a column of a 4x4 matrix (vector datatype) with MPI_Irecv and, before MPI_Wait, reads an element of another column, outside the datatype's blocks.
// NPROCS: 2
// EXPECT: ok
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
        double seen = m[2][2]; // @load
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = m[i][1];
        printf("seen %g\n", seen);
    }
    MPI_Type_free(&column);

    MPI_Finalize();
    return 0;
}
