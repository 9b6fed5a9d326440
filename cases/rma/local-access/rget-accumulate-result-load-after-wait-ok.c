// DESCRIPTION: Rank 0 reads the result buffer of an MPI_Rget_accumulate (lock_all epoch) after MPI_Wait completed its request.
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
        MPI_Request req;
        MPI_Win_lock_all(0, win);
        MPI_Rget_accumulate(add, 4, MPI_INT, before, 4, MPI_INT, 1, 0, 4, MPI_INT, MPI_SUM, win, &req); // @rget-accumulate
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        int first = before[0]; // @load
        MPI_Win_unlock_all(win);
        printf("first %d\n", first);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
