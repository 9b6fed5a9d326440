// GENERATED: cases/gen/rma_hb_order.cpp
// DESCRIPTION: Rank 0 puts to window[0] of rank 1 and rank 2 issues an MPI_Put on it in lock_all epochs on a shared-memory window; all ranks call MPI_Win_sync, MPI_Barrier and MPI_Win_sync between the accesses; rank 0 calls MPI_Win_flush first, which completes its put.
// NPROCS: 4
// EXPECT: ok
// TWIN: rma/hb-order/put-shared-sync-barrier-nok
// REQUIRES: shared-memory-window
// NOTE: MPI-3.1 11.5.4: MPI_Win_sync synchronises the private and public copies of the window but does not complete pending RMA operations; only a flush or unlock does, after which a barrier orders the next access.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int *window, value = 1, result = 0, token = 7, sum = 0;
    MPI_Win win;
    MPI_Win_allocate_shared(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
    for (int i = 0; i < 4; i++)
        window[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    if (rank == 0) {
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @op-a
        MPI_Win_flush(1, win);
    }
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);
    if (rank == 2)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @op-b
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    (void)result;
    errors += token != 7 || sum < 0; /* what the ranks received is read */

    MPI_Finalize();
    return errors != 0;
}
