// DESCRIPTION: Rank 0 gets into two blocks of an array described by an indexed datatype (lock epoch) and, before the unlock, loads an int in the hole between the blocks.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §11.3.2: the origin buffer of a get (the bytes its datatype covers: ints 0-1 and 4-5 here) must not be accessed until the get completes.
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
    int lengths[2] = {2, 2}, displs[2] = {0, 4};
    MPI_Datatype two_blocks;
    MPI_Type_indexed(2, lengths, displs, MPI_INT, &two_blocks);
    MPI_Type_commit(&two_blocks);

    if (rank == 0) {
        int *values = calloc(6, sizeof *values);
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(values, 1, two_blocks, 1, 0, 4, MPI_INT, win); // @get
        int seen = values[3]; // @load
        MPI_Win_unlock(1, win);
        free(values);
        (void)seen;
    }

    MPI_Type_free(&two_blocks);
    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
