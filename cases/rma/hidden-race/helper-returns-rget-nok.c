// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: A helper starts an MPI_Rget into `result` and returns its request; main reads `result` before MPI_Wait.
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: op load
// TWIN: rma/hidden-race/helper-returns-rget-after-wait-ok
// NOTE: MPI-3.1 11.3: the origin buffer of a put must not be updated, and that of a get not accessed, until the operation completes at the origin.
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

/* Starts fetching window[0] of `target` into `*into`. */
static MPI_Request start_fetch(int *into, int target, MPI_Win win)
{
    MPI_Request request;
    MPI_Rget(into, 1, MPI_INT, target, 0, 1, MPI_INT, win, &request);  // @op
    return request;
}

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
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Request request = start_fetch(&result, 1, win);
        sink = result;  // @load
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
