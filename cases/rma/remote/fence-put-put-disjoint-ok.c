// DESCRIPTION: Ranks 1 and 2 put to two different locations of rank 0 in one fence epoch.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/remote/fence-put-put-nok
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window_values = calloc(2, sizeof *window_values);
    MPI_Win win;
    MPI_Win_create(window_values, 2 * sizeof *window_values, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    int value = rank;
    MPI_Win_fence(0, win);
    if (rank != 0)
        MPI_Put(&value, 1, MPI_INT, 0, rank - 1, 1, MPI_INT, win); // @put
    MPI_Win_fence(0, win);

    int failed = rank == 0 && (window_values[0] != 1 || window_values[1] != 2);
    MPI_Win_free(&win);
    free(window_values);
    MPI_Finalize();
    return failed;
}
