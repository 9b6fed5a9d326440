// DESCRIPTION: Rank 0 stores to the origin buffer of an MPI_Raccumulate (lock_all epoch) after MPI_Wait completed its request.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
    for (int i = 0; i < 4; i++)
        window[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        int *values = malloc(4 * sizeof *values);
        for (int i = 0; i < 4; i++)
            values[i] = i;
        MPI_Request req;
        MPI_Win_lock_all(0, win);
        MPI_Raccumulate(values, 4, MPI_INT, 1, 0, 4, MPI_INT, MPI_SUM, win, &req); // @raccumulate
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        values[1] = 7; // @store
        MPI_Win_unlock_all(win);
        free(values);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
