// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 puts to rank 1, sends a message before MPI_Win_flush, and rank 1 loads the location when the message arrives; the put may not have completed yet.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op load
// TWIN: rma/hidden-race/message-before-flush-flush-first-ok
// NOTE: MPI-3.1 11.3 and 11.7: the window owner may access a location updated by an RMA operation only after a synchronisation that completes the operation at the target and orders the access after it.
#include <mpi.h>
#include <stddef.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 1;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Win_flush(1, win);
        MPI_Win_unlock_all(win);
    } else {
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = window[0];  // @load
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
