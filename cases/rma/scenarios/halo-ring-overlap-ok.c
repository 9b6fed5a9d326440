// DESCRIPTION: Three ranks in a ring put their boundary cells into the ghost cells of both neighbours in a fence epoch; each ghost cell is written by exactly one neighbour.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/scenarios/halo-ring-overlap-nok
#include <mpi.h>

#define CELLS 8
#define GHOST_LEFT 0
#define GHOST_RIGHT (CELLS + 1)

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* [ghost left | CELLS interior cells | ghost right] */
    int field[CELLS + 2] = {0};
    for (int i = 1; i <= CELLS; i++)
        field[i] = rank * 100 + i;
    MPI_Win win;
    MPI_Win_create(field, sizeof field, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Put(&field[1], 1, MPI_INT, left, GHOST_RIGHT, 1, MPI_INT, win);  // @to-left
    MPI_Put(&field[CELLS], 1, MPI_INT, right, GHOST_LEFT, 1, MPI_INT, win);  // @to-right
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
