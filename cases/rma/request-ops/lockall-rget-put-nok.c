// DESCRIPTION: In a lock_all epoch rank 0 issues MPI_Rget of element 0 of rank 1 and, before waiting on its request, an MPI_Put to the same element: the two accesses of one origin are not ordered.
// NPROCS: 2
// EXPECT: error rma.local.same-origin-conflict
// EXPECT-AT: rget put
// TWIN: rma/request-ops/lockall-rget-wait-put-ok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §11.7.1: a get and a put of one origin to one target location conflict unless ordered; nothing orders them before the MPI_Rget request completes (§11.3.5).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window_values;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window_values, &win);
    for (int i = 0; i < 4; i++)
        window_values[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        int fetched = 0, value = 5;
        MPI_Request request;
        MPI_Win_lock_all(0, win);
        MPI_Rget(&fetched, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &request); // @rget
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);              // @put
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
