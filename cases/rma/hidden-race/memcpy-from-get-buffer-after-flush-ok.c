// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 memcpy()s out of the origin buffer of its MPI_Get after MPI_Win_flush.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/hidden-race/memcpy-from-get-buffer-nok
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int incoming[4] = {0};
    int copy[4];
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Get(incoming, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        MPI_Win_flush(1, win);
        memcpy(copy, incoming, sizeof copy);  // @load
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
