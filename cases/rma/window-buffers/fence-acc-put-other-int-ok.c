// GENERATED: cases/gen/rma_window_buffers.cpp
// DESCRIPTION: In one fence epoch rank 0 accumulates into window[1] of rank 1 and rank 1 puts from window[2] of its own window: different bytes.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/window-buffers/fence-acc-put-nok
// NOTE: MPI-3.1 11.7: a window location must not be accessed locally while a remote operation that conflicts with it may be in progress in the same epoch; a buffer that MPI reads (origin of a put, send buffer) or writes (origin of a get, receive buffer) for the window's owner is such a local access.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int window[4] = {0, 0, 0, 0}, value = 1, other = 0, message = 0;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */
    if (rank == 0) {
        MPI_Win_fence(0, win);
        MPI_Accumulate(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, MPI_SUM, win); // @remote
        MPI_Win_fence(0, win);
    } else if (rank == 1) {
        MPI_Win_fence(0, win);
        MPI_Put(&window[2], 1, MPI_INT, 0, 0, 1, MPI_INT, win);             // @own
        MPI_Win_fence(0, win);
    }
    MPI_Win_free(&win);
    (void)value;
    volatile int seen = other + message + window[0] + window[1] + window[2] + window[3]; /* what was received is read */
    (void)seen;

    MPI_Finalize();
    return errors != 0;
}
