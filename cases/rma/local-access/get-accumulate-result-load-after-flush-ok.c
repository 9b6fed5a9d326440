// DESCRIPTION: Rank 0 reads the result buffer of an MPI_Get_accumulate after MPI_Win_flush completed it.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
    for (int i = 0; i < 4; i++)
        window[i] = 100 + i;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        int add[4] = {1, 1, 1, 1}, before[4] = {0};
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get_accumulate(add, 4, MPI_INT, before, 4, MPI_INT, 1, 0, 4, MPI_INT, MPI_SUM, win); // @get-accumulate
        MPI_Win_flush(1, win);
        int first = before[0]; // @load
        MPI_Win_unlock(1, win);
        printf("first %d\n", first);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
