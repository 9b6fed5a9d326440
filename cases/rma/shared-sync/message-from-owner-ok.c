// DESCRIPTION: Rank 0 stores to its segment of a shared-memory window, calls MPI_Win_sync and sends a message to rank 1, which receives it, calls MPI_Win_sync and loads the element.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/shared-sync/message-from-third-nok
// REQUIRES: shared-memory-window
// NOTE: MPI-3.1 11.2.3, 11.5.4 and 11.7: rank 0's MPI_Win_sync after its store, its message to rank 1 (a process synchronisation) and rank 1's MPI_Win_sync after receiving it order the store before the load.
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int messenger = 0; /* the rank whose message lets rank 1 go on */

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
