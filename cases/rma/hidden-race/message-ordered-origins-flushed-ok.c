// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 puts to rank 1, flushes, and only then sends rank 2 the message after which rank 2 puts to the same location.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/hidden-race/message-ordered-origins-nok
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
        MPI_Win_flush(1, win);
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
