// DESCRIPTION: A 2D Jacobi heat solver on a 2x2 process grid exchanges whole halo rows, corner cells included, although its five-point stencil never reads the corners, so part of every received row is never used.
// NPROCS: 4
// EXPECT: error mem.recv.unused
// EXPECT-AT: rows_from_south
// TWIN: mem/scenarios/heat-halo-no-corners-ok mem/scenarios/heat-halo-nine-point-ok
// ORIGIN: S. Fan, semantic memory checking in Open MPI (memchecker), doctoral thesis, chapter 5 (2D heat conduction, corners never read)
// NOTE: A warning class: legal MPI, the result is right, but the two corner values of each received row are transferred and never read before the next exchange overwrites them. Each received row is its own unread range (a finding per receive), so the mark names one of the two receives, the south row, whose next exchange overwrites it.
#include <mpi.h>

enum { N = 4, STEPS = 3, GLOBAL = 2 * N };

static double u[N + 2][N + 2], unew[N + 2][N + 2];
static double ref[GLOBAL + 2][GLOBAL + 2], refnew[GLOBAL + 2][GLOBAL + 2];

/* Initial temperature of global cell (i, j); the boundary ring holds 1.0. */
static double initial(int i, int j)
{
    if (i == 0 || j == 0 || i == GLOBAL + 1 || j == GLOBAL + 1)
        return 1.0;
    return (double)((7 * i + 3 * j) % 5);
}

/* Five-point Jacobi update of the cell at c in rows of `row` doubles. */
static double stencil(const double *c, int row)
{
    return 0.25 * (c[-row] + c[row] + c[-1] + c[1]);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int row = rank / 2, col = rank % 2;
    int north = row > 0 ? rank - 2 : MPI_PROC_NULL, south = row < 1 ? rank + 2 : MPI_PROC_NULL;
    int west = col > 0 ? rank - 1 : MPI_PROC_NULL, east = col < 1 ? rank + 1 : MPI_PROC_NULL;
    for (int i = 0; i < N + 2; i++)
        for (int j = 0; j < N + 2; j++)
            u[i][j] = initial(row * N + i, col * N + j);

    MPI_Datatype column; /* the N interior cells of one column */
    MPI_Type_vector(N, 1, N + 2, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    for (int step = 0; step < STEPS; step++) {
        /* east-west first, then north-south rows that include the halo columns */
        MPI_Sendrecv(&u[1][1], 1, column, west, 0, &u[1][N + 1], 1, column, east, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[1][N], 1, column, east, 1, &u[1][0], 1, column, west, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[1][0], N + 2, MPI_DOUBLE, north, 2, &u[N + 1][0], N + 2, MPI_DOUBLE, south, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @rows_from_south
        MPI_Sendrecv(&u[N][0], N + 2, MPI_DOUBLE, south, 3, &u[0][0], N + 2, MPI_DOUBLE, north, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @rows_from_north
        for (int i = 1; i <= N; i++)
            for (int j = 1; j <= N; j++)
                unew[i][j] = stencil(&u[i][j], N + 2);
        for (int i = 1; i <= N; i++)
            for (int j = 1; j <= N; j++)
                u[i][j] = unew[i][j];
    }
    MPI_Type_free(&column);

    /* The same steps on the whole grid in one process must give the same block. */
    for (int i = 0; i < GLOBAL + 2; i++)
        for (int j = 0; j < GLOBAL + 2; j++)
            ref[i][j] = initial(i, j);
    for (int step = 0; step < STEPS; step++) {
        for (int i = 1; i <= GLOBAL; i++)
            for (int j = 1; j <= GLOBAL; j++)
                refnew[i][j] = stencil(&ref[i][j], GLOBAL + 2);
        for (int i = 1; i <= GLOBAL; i++)
            for (int j = 1; j <= GLOBAL; j++)
                ref[i][j] = refnew[i][j];
    }
    for (int i = 1; i <= N; i++)
        for (int j = 1; j <= N; j++)
            errors += u[i][j] != ref[row * N + i][col * N + j];

    MPI_Finalize();
    return errors != 0;
}
