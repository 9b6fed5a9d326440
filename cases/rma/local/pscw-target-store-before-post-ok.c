// DESCRIPTION: Rank 1 stores to its window location before MPI_Win_post; rank 0 then puts to it in a PSCW epoch.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/local/pscw-target-store-nok
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window_value = malloc(sizeof *window_value);
    *window_value = 0;
    MPI_Win win;
    MPI_Win_create(window_value, sizeof *window_value, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);

    if (rank == 0) {
        int value = 1;
        MPI_Win_start(peer_group, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @put
        MPI_Win_complete(win);
    } else {
        *window_value = 5; // @store
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    }

    int failed = rank == 1 && *window_value != 1;
    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
    free(window_value);
    MPI_Finalize();
    return failed;
}
