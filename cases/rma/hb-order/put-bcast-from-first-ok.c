// GENERATED: cases/gen/rma_hb_order.cpp
// DESCRIPTION: Rank 0 puts to window[0] of rank 1 and rank 2 issues an MPI_Put on it under shared locks; all ranks call MPI_Bcast after rank 0's epoch and before rank 2's; the root is rank 0, so rank 2 returns only after rank 0 called it.
// NPROCS: 4
// EXPECT: ok
// TWIN: rma/hb-order/put-bcast-from-second-nok
// NOTE: MPI-3.1 11.5.3-11.5.4 and 11.7: an access is complete at the target when MPI_Win_unlock, MPI_Win_flush or MPI_Win_unlock_all returns (MPI_Win_flush_local completes it only at the origin); a later epoch of another origin that a message or collective orders after that completion does not conflict with it, exclusive locks serialise their epochs, and conflicting accesses in epochs nothing orders are erroneous.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int *window, value = 1, result = 0, token = 7, sum = 0;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
    for (int i = 0; i < 4; i++)
        window[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @op-a
        MPI_Win_unlock(1, win);
        MPI_Bcast(&token, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Bcast(&token, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Bcast(&token, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @op-b
        MPI_Win_unlock(1, win);
    } else if (rank == 3) {
        MPI_Bcast(&token, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    MPI_Win_free(&win);
    (void)result;
    errors += token != 7 || sum < 0; /* what the ranks received is read */

    MPI_Finalize();
    return errors != 0;
}
