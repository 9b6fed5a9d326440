// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 puts to rank 1, calls MPI_Win_flush_local (local completion only) and sends a message; rank 1 loads the location when the message arrives.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op load
// TWIN: rma/hidden-race/message-after-flush-local-flush-ok
// NOTE: MPI-3.1 11.5.4: MPI_Win_flush_local completes operations at the origin only; the update may still be in flight to the target.
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
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_flush_local(1, win);
        MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Win_unlock(1, win);
    } else {
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = window[0];  // @load
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
