// DESCRIPTION: Rank 1 applies MPI_Rget_accumulate with MPI_NO_OP (an atomic read) to element 0 of rank 0's window (from MPI_Win_allocate) while rank 2 gets the same element, in concurrent lock_all epochs.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/request-ops/lockall-rgetacc-noop-put-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window_values;
    MPI_Win win;
    MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window_values, &win);
    window_values[0] = window_values[1] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */


    if (rank == 1) {
        int value = 1, old = 0;
        MPI_Request request;
        MPI_Win_lock_all(0, win);
        MPI_Rget_accumulate(&value, 1, MPI_INT, &old, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_NO_OP, win, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Win_unlock_all(win);
    } else if (rank == 2) {
        int value = 7;
        MPI_Win_lock_all(0, win);
        MPI_Get(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
