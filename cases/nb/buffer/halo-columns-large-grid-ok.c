// DESCRIPTION: Each rank of a 1024 x 520 grid (4 MiB) sends its edge column and receives its ghost column, both with a strided column type whose spans overlap; the columns themselves are disjoint.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/buffer/halo-columns-large-grid-nok
// TAGS: smoke
// NOTE: The column type spans more than 1 MiB, so a checker must know its gaps without unpacking the whole span.
#include <mpi.h>
#include <stdlib.h>

static volatile double sink; /* received values are loaded here: read, nothing decided on them */

enum { ROWS = 1024, COLS = 520 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double *grid = calloc((size_t)ROWS * COLS, sizeof *grid);
    for (int r = 0; r < ROWS; ++r)
        for (int c = 0; c < COLS; ++c)
            grid[r * COLS + c] = rank + r * 0.001 + c;

    MPI_Datatype column;
    MPI_Type_vector(ROWS, 1, COLS, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    const int peer = 1 - rank;
    const int edge = rank == 0 ? COLS - 2 : 1;
    const int ghost = rank == 0 ? COLS - 1 : 0; /* the ghost column */
    MPI_Request requests[2];
    MPI_Isend(&grid[edge], 1, column, peer, 0, MPI_COMM_WORLD, &requests[0]); // @isend
    MPI_Irecv(&grid[ghost], 1, column, peer, 0, MPI_COMM_WORLD, &requests[1]); // @irecv
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    for (int r = 1; r < ROWS; ++r)
        sink = grid[r * COLS + ghost];

    MPI_Type_free(&column);
    const int bad = grid[ghost] != peer + (double)(rank == 0 ? 1 : COLS - 2);
    free(grid);
    MPI_Finalize();
    return bad;
}
