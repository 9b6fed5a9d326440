// DESCRIPTION: Rank 0 stores to its segment of a shared-memory window and calls MPI_Win_sync; rank 1 receives a message from rank 2, which never heard from rank 0, calls MPI_Win_sync and loads the element.
// NPROCS: 3
// EXPECT: error rma.shared.load-store-race
// EXPECT-AT: store load
// TWIN: rma/shared-sync/message-from-owner-ok
// REQUIRES: shared-memory-window
// NOTE: MPI-3.1 11.2.3 and 11.7: the message rank 1 waits for comes from rank 2, which rank 0 never synchronised with, so nothing orders rank 0's store and rank 1's load: a conflicting concurrent access to the shared window.
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int messenger = 2; /* the rank whose message lets rank 1 go on */

    int *mine;
    MPI_Win win;
    MPI_Win_allocate_shared(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    int *rank0;
    MPI_Aint size;
    int disp_unit;
    MPI_Win_shared_query(win, 0, &size, &disp_unit, &rank0);

    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    for (int i = 0; i < 4; i++)
        mine[i] = 0;
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);

    int token = 1;
    if (rank == 0) {
        mine[0] = 42;  // @store
        MPI_Win_sync(win);
    }
    if (rank == messenger)
        MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Recv(&token, 1, MPI_INT, messenger, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = token; /* the token is read (else: received data never used) */
        MPI_Win_sync(win);
        sink = rank0[0];  // @load
    }

    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
