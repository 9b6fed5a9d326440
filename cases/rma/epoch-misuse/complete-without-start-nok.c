// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 calls MPI_Win_complete without a preceding MPI_Win_start.
// NPROCS: 2
// EXPECT: error rma.sync.unmatched
// EXPECT-AT: complete
// TWIN: rma/epoch-misuse/complete-without-start-ok
// TAGS: crash-mpich
// NOTE: MPI-3.1 11.5: each synchronisation call that closes an epoch must match one that opened it (lock/unlock, lock_all/unlock_all, start/complete, post/wait). Natively MPICH detects it and aborts; Open MPI runs to completion.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);

    if (rank == 0)
        MPI_Win_complete(win);  // @complete
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
