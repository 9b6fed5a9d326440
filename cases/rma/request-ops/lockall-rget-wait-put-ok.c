// DESCRIPTION: In a lock_all epoch rank 0 issues MPI_Rget of element 0 of rank 1, waits for its request, then MPI_Puts to the same element.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/request-ops/lockall-rget-put-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §11.3.5: the completion of an MPI_Rget request means the data is in the origin buffer, so the read of the target location is over before the put is issued.
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

    int failed = 0;
    if (rank == 0) {
        int fetched = -1, value = 5;
        MPI_Request request;
        MPI_Win_lock_all(0, win);
        MPI_Rget(&fetched, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &request); // @rget
        MPI_Wait(&request, MPI_STATUS_IGNORE);                           // @wait
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);              // @put
        MPI_Win_unlock_all(win);
        failed = fetched != 0;
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return failed;
}
