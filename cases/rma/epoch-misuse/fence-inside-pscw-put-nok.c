// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Both ranks call MPI_Win_fence while rank 0's PSCW access epoch and rank 1's exposure epoch are open, mixing fence and PSCW on one epoch.
// NPROCS: 2
// EXPECT: error rma.sync.mixed-modes
// EXPECT-AT: start fence
// TWIN: rma/epoch-misuse/fence-inside-pscw-put-ok
// TAGS: crash
// NOTE: MPI-3.1 11.5: fence synchronisation must not be used while a PSCW (or lock) epoch is open on the window. Natively both Open MPI and MPICH detect it and abort (fatal error handler).
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
        MPI_Win_start(peer_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    } else {
        MPI_Win_post(peer_group, 0, win);
    }
    MPI_Win_fence(0, win);  // @fence
    if (rank == 0)
        MPI_Win_complete(win);
    else
        MPI_Win_wait(win);

    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
