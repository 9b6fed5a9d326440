// DESCRIPTION: Rank 0 puts a value to rank 1 and reuses the origin buffer only after the closing fence.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/local/fence-put-store-nok
// TAGS: smoke
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window_value = malloc(sizeof *window_value);
    *window_value = 0;
    MPI_Win win;
    MPI_Win_create(window_value, sizeof *window_value, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    int value = 1;
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @put
    MPI_Win_fence(0, win);
    if (rank == 0)
        value = 2; // @store

    int failed = rank == 1 && *window_value != 1;
    MPI_Win_free(&win);
    free(window_value);
    MPI_Finalize();
    return failed;
}
