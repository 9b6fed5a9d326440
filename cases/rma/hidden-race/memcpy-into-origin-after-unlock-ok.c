// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 memcpy()s new data into the origin buffer of its MPI_Put after MPI_Win_unlock.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/hidden-race/memcpy-into-origin-nok
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
    int outgoing[4] = {1, 2, 3, 4};
    const int next[4] = {5, 6, 7, 8};
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(outgoing, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
        memcpy(outgoing, next, sizeof outgoing);  // @store
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
