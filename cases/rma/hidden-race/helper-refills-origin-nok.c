// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: A helper function refills the origin buffer of rank 0's pending MPI_Put inside the PSCW access epoch, before MPI_Win_complete.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: op store
// TWIN: rma/hidden-race/helper-refills-origin-after-complete-ok
// NOTE: MPI-3.1 11.3: the origin buffer of a put must not be updated, and that of a get not accessed, until the operation completes at the origin.
#include <mpi.h>

/* Writes the next values to send into `buffer`. */
static void refill(int *buffer, int n, int step)
{
    for (int i = 0; i < n; i++)
        buffer[i] = step * n + i;  // @store
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int buffer[4] = {0, 1, 2, 3};
    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);

    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Put(buffer, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        refill(buffer, 4, 1);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    }

    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
