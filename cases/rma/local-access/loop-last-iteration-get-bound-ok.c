// DESCRIPTION: Rank 0 scans the local part of an array in a loop that stops just before the origin buffer of a pending MPI_Get, which follows it in memory.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §11.3.2: the origin buffer of a get must not be accessed until the get completes (§11.5.4: MPI_Win_flush_local_all here). Only the loop's last iteration touches it.
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
        int *data = calloc(12, sizeof *data); /* data[0..7] local, data[8..11] fetched */
        int sum = 0;
        MPI_Win_lock_all(0, win);
        MPI_Get(data + 8, 4, MPI_INT, 1, 0, 4, MPI_INT, win); // @get
        for (int i = 0; i < 8; i++)
            sum += data[i]; // @load
        MPI_Win_flush_local_all(win);
        MPI_Win_unlock_all(win);
        free(data);
        (void)sum;
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
