// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 1 frees the window without MPI_Win_wait, while its exposure epoch for rank 0's put is still open.
// NPROCS: 2
// EXPECT: error rma.window.free-with-epoch
// EXPECT-AT: post free
// TWIN: rma/window-misuse/free-exposure-open-ok
// TAGS: crash-mpich
// NOTE: MPI-3.1 11.2.5: MPI_Win_free may be called only after the process has completed its involvement in RMA on the window (unlock, complete, wait, or a closing fence). Natively MPICH detects it and aborts; Open MPI runs to completion.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    int value = 1;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);

    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);  // @post
    }

    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);  // @free
    MPI_Finalize();
    return 0;
}
