// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 puts to rank 1 in a PSCW epoch and sends a message after MPI_Win_complete; rank 1 receives it but loads the location only after MPI_Win_wait.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/hidden-race/message-after-complete-nok
#include <mpi.h>
#include <stddef.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 1;
    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);

    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_complete(win);
        MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_wait(win);
        sink = window[0];  // @load
    }

    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
