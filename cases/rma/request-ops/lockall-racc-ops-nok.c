// DESCRIPTION: Ranks 1 and 2 apply MPI_Raccumulate to the same location of rank 0 in concurrent lock_all epochs, one with MPI_SUM and one with MPI_MAX, each completed by MPI_Wait.
// NPROCS: 3
// EXPECT: error rma.remote.atomicity
// EXPECT-AT: racc
// TWIN: rma/request-ops/lockall-racc-same-op-ok
// NOTE: MPI-3.1 §11.3.5: the request-based calls access the target like their blocking forms; §11.7.1 makes only same-op accumulates atomic. The Raccumulate line runs on ranks 1 and 2.
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
        MPI_Op op = rank == 1 ? MPI_SUM : MPI_MAX;
        MPI_Request request;
        MPI_Win_lock_all(0, win);
        MPI_Raccumulate(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, op, win, &request); // @racc
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    free(window_value);
    MPI_Finalize();
    return 0;
}
