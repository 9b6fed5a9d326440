// GENERATED: cases/gen/rma_hb_order.cpp
// DESCRIPTION: Rank 0 accesses window[0] of rank 1 with MPI_Rget in a lock_all epoch and sends rank 2 a message that rank 2 receives before its own lock_all epoch, in which it issues an MPI_Accumulate on the same int; rank 0 sends the message before MPI_Wait, so the read may still be in progress at the target.
// NPROCS: 3
// EXPECT: error rma.remote.atomicity
// EXPECT-AT: op-a op-b
// TWIN: rma/hb-order/rget-acc-wait-before-message-ok
// NOTE: MPI-3.1 11.3.5: completion of an MPI_Rget request (MPI_Wait, MPI_Test) means the data is available in the origin buffer, so the read at the target is complete; a write of another origin that a message orders after that completion does not conflict with it, one that nothing orders does.
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
        MPI_Rget(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &request);     // @op-a
        MPI_Send(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Win_unlock_all(win);
    } else if (rank == 2) {
        MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_lock_all(0, win);
        MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win); // @op-b
        MPI_Win_unlock_all(win);
    }
    MPI_Win_free(&win);
    (void)result;
    errors += token != 7; /* what the ranks received is read */

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
