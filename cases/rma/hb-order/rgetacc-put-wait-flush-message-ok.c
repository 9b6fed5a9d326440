// GENERATED: cases/gen/rma_hb_order.cpp
// DESCRIPTION: Rank 0 accesses window[0] of rank 1 with MPI_Rget_accumulate in a lock_all epoch and sends rank 2 a message that rank 2 receives before its own lock_all epoch, in which it issues an MPI_Put on the same int; rank 0 calls MPI_Win_flush after MPI_Wait and before the message, which completes the update at the target.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/hb-order/rgetacc-put-wait-message-nok
// NOTE: MPI-3.1 11.3.5: completion of an MPI_Rget_accumulate request means the result buffer holds the result and the origin buffer may be reused; it does not indicate that the operation has completed at the target window; MPI_Win_flush, MPI_Win_flush_all, MPI_Win_unlock or MPI_Win_unlock_all does, and a message after it orders the later epoch.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int *window, value = 1, result = 0, token = 7;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
    for (int i = 0; i < 4; i++)
        window[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */
    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Request request;
        MPI_Rget_accumulate(&value, 1, MPI_INT, &result, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win, &request); // @op-a
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Win_flush(1, win);
        MPI_Send(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
        MPI_Win_unlock_all(win);
    } else if (rank == 2) {
        MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_lock_all(0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);                                                     // @op-b
        MPI_Win_unlock_all(win);
    }
    MPI_Win_free(&win);
    (void)result;
    errors += token != 7; /* what the ranks received is read */

    MPI_Finalize();
    return errors != 0;
}
