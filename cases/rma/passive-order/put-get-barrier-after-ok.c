// GENERATED: cases/gen/rma_passive_order.cpp
// DESCRIPTION: Rank 0 puts to window[0] of rank 1 under a shared lock and rank 2 issues an MPI_Get on it under a shared lock; after rank 0's unlock all ranks call MPI_Barrier before rank 2 locks, which orders the epochs.
// NPROCS: 4
// EXPECT: ok
// TWIN: rma/passive-order/put-get-barrier-before-nok rma/passive-order/put-get-unordered-nok
// NOTE: MPI-3.1 11.5.3 and 11.7: an access completed by MPI_Win_unlock is complete at the target when the unlock returns, so a later epoch that a message, a barrier or a chain of messages orders after the unlock does not conflict with it; two shared-lock epochs nothing orders are concurrent, and conflicting accesses in them are erroneous.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int window[4] = {0, 0, 0, 0}, value = 1, result = 0;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int token = 7;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op-a
        MPI_Win_unlock(1, win);
        MPI_Barrier(MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @op-b
        MPI_Win_unlock(1, win);
    } else if (rank == 3) {
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (rank == 1)
        MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    (void)result;
    errors += token != 7; /* what the ranks received is read */

    MPI_Finalize();
    return errors != 0;
}
