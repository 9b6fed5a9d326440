// DESCRIPTION: Rank 0 sends a column of a 4x4 matrix (vector datatype) with MPI_Isend and, before MPI_Wait, stores to an element of another column.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §3.7.2 and §4.1: the send buffer is the bytes the datatype covers; the other columns are not part of it.
#include <mpi.h>

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
        MPI_Request req;
        MPI_Isend(&m[0][1], 1, column, 1, 0, MPI_COMM_WORLD, &req); // @isend
        m[2][2] = 0.0; // @store
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        double col[4];
        MPI_Recv(col, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = col[i];
    }
    MPI_Type_free(&column);

    MPI_Finalize();
    return 0;
}
