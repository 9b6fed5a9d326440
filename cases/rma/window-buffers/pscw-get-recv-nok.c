// GENERATED: cases/gen/rma_window_buffers.cpp
// DESCRIPTION: In one pscw epoch rank 0 gets from window[1] of rank 1 and rank 1 receives (MPI_Recv) into window[1] of its own window, so MPI writes those bytes for rank 1 as the remote operation accesses them.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: remote own
// TWIN: rma/window-buffers/pscw-get-recv-other-int-ok
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
    MPI_Group world, peer;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int partner = 1 - rank;
    MPI_Group_incl(world, 1, &partner, &peer);
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */
    if (rank == 0) {
        MPI_Win_start(peer, 0, win);
        MPI_Get(&other, 1, MPI_INT, 1, 1, 1, MPI_INT, win);                        // @remote
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Win_complete(win);
    } else if (rank == 1) {
        MPI_Win_post(peer, 0, win);
        MPI_Recv(&window[1], 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @own
        MPI_Win_wait(win);
    }
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    (void)value;
    volatile int seen = other + message + window[0] + window[1] + window[2] + window[3]; /* what was received is read */
    (void)seen;

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
