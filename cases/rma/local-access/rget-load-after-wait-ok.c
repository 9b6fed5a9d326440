// DESCRIPTION: Rank 0 loads the origin buffer of an MPI_Rget (lock epoch) after MPI_Wait completed its request, still inside the epoch.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §11.3.5: the data of an MPI_Rget is in the origin buffer once its request completes; before, the buffer must not be accessed.
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
        int *fetched = calloc(4, sizeof *fetched);
        int total = 0;
        MPI_Request req;
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Rget(fetched, 4, MPI_INT, 1, 0, 4, MPI_INT, win, &req); // @rget
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        total += fetched[3]; // @load
        MPI_Win_unlock(1, win);
        free(fetched);
        (void)total;
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
