// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 puts to rank 1 and sends rank 2 a message without flushing first; rank 2 then puts to the same location of rank 1, which may still receive rank 0's put.
// NPROCS: 3
// EXPECT: error rma.remote.conflict
// EXPECT-AT: op-a op-b
// TWIN: rma/hidden-race/message-ordered-origins-flushed-ok
// NOTE: MPI-3.1 11.3: without MPI_Win_flush the first put is not complete at the target when the message is sent, so the two puts are concurrent.
#include <mpi.h>
#include <stddef.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = rank;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op-a
        MPI_Send(NULL, 0, MPI_BYTE, 2, 0, MPI_COMM_WORLD);
        MPI_Win_unlock_all(win);
    } else if (rank == 2) {
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_lock_all(0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op-b
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
