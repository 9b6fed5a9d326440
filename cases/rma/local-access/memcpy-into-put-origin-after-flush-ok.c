// DESCRIPTION: Rank 0 memcpy()s new values into the origin buffer of an MPI_Put (lock_all epoch) after MPI_Win_flush completed it.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §11.3.1, §11.5.4: the origin buffer may be updated after MPI_Win_flush (or flush_local) returns.
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double *window = calloc(4, sizeof *window);
    MPI_Win win;
    MPI_Win_create(window, 4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    if (rank == 0) {
        double next[4] = {5.0, 6.0, 7.0, 8.0};
        double *origin = malloc(4 * sizeof *origin);
        for (int i = 0; i < 4; i++)
            origin[i] = i;
        MPI_Win_lock_all(0, win);
        MPI_Put(origin, 4, MPI_DOUBLE, 1, 0, 4, MPI_DOUBLE, win); // @put
        MPI_Win_flush(1, win);
        memcpy(origin, next, sizeof next); // @copy
        MPI_Win_unlock_all(win);
        free(origin);
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
