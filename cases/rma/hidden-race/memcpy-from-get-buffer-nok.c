// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 memcpy()s out of the origin buffer of its pending MPI_Get before MPI_Win_flush completes it.
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: op load
// TWIN: rma/hidden-race/memcpy-from-get-buffer-after-flush-ok
// NOTE: MPI-3.1 11.3: the origin buffer of a put must not be updated, and that of a get not accessed, until the operation completes at the origin.
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
        memcpy(copy, incoming, sizeof copy);  // @load
        MPI_Win_flush(1, win);
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
