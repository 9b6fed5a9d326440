// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 calls MPI_Win_start with MPI_MODE_NOCHECK before rank 1 has posted (rank 1 posts only after a message rank 0 sends at the end).
// NPROCS: 2
// EXPECT: error rma.sync.assert-violation
// EXPECT-AT: start post
// TWIN: rma/epoch-misuse/start-nocheck-before-post-ok
// TIMEOUT: 10
// TAGS: deadlock-openmpi
// NOTE: MPI-3.1 11.5.5: MPI_MODE_NOCHECK on MPI_Win_start promises that the matching MPI_Win_post calls have already completed. Natively Open MPI hangs; MPICH runs to completion.
#include <mpi.h>
#include <stddef.h>

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
        MPI_Win_start(peer_group, MPI_MODE_NOCHECK, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
        MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_post(peer_group, MPI_MODE_NOCHECK, win);  // @post
        MPI_Win_wait(win);
    }

    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
