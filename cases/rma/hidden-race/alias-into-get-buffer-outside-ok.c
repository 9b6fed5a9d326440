// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 loads through `cursor` = buffer + 4, just past the four ints its pending MPI_Get writes.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/hidden-race/alias-into-get-buffer-nok
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int buffer[8] = {0};
    int *cursor = buffer + 4;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Get(buffer, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        sink = *cursor;  // @load
        MPI_Win_flush_local_all(win);
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
