// DESCRIPTION: Rank 0 stores to the origin buffer of an MPI_Rput (lock_all epoch) after MPI_Wait completed its request, still inside the epoch.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §11.3.5: completion of the request of MPI_Rput (MPI_Wait) means the origin buffer may be reused; before it, it must not be updated.
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window = calloc(4, sizeof *window);
    MPI_Win win;
    MPI_Win_create(window, 4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    if (rank == 0) {
        int *values = malloc(4 * sizeof *values);
        for (int i = 0; i < 4; i++)
            values[i] = i;
        MPI_Request req;
        MPI_Win_lock_all(0, win);
        MPI_Rput(values, 4, MPI_INT, 1, 0, 4, MPI_INT, win, &req); // @rput
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        values[2] = 7; // @store
        MPI_Win_unlock_all(win);
        free(values);
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
