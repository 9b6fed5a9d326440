// DESCRIPTION: Ranks 1 and 2 apply MPI_Raccumulate with MPI_SUM to the same location of rank 0 in concurrent lock_all epochs, each completed by MPI_Wait; rank 0 reads the sum under its own lock.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/request-ops/lockall-racc-ops-nok
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

    if (rank != 0) {
        int value = rank;
        MPI_Op op = MPI_SUM;
        MPI_Request request;
        MPI_Win_lock_all(0, win);
        MPI_Raccumulate(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, op, win, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    int failed = 0;
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        failed = *window_value != 3;
        MPI_Win_unlock(0, win);
    }

    MPI_Win_free(&win);
    free(window_value);
    MPI_Finalize();
    return failed;
}
