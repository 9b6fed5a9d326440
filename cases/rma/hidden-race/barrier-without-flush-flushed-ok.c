// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 gets from rank 1 in a lock_all epoch and flushes before the MPI_Barrier after which rank 1 overwrites the location.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/hidden-race/barrier-without-flush-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int result = 0;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Get(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_flush(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        window[0] = 5;  // @store
    if (rank == 0)
        MPI_Win_unlock_all(win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
