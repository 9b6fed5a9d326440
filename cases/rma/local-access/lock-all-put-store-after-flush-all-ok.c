// DESCRIPTION: Rank 0 puts to both ranks in a lock_all epoch and refills the origin buffer after MPI_Win_flush_all completed the puts.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int *window = calloc(2, sizeof *window);
    MPI_Win win;
    MPI_Win_create(window, 2 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    if (rank == 0) {
        int values[2] = {1, 2};
        MPI_Win_lock_all(0, win);
        for (int step = 0; step < 2; step++) {
            for (int target = 0; target < size; target++)
                MPI_Put(values, 2, MPI_INT, target, 0, 2, MPI_INT, win); // @put
            MPI_Win_flush_all(win);
            values[0] += 10; // @store
        }
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
