// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues an MPI_Put and then an MPI_Get to window[0] of rank 1 with MPI_Win_complete and a new PSCW epoch between them, which completes the first at the target (a PSCW epoch).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/same-origin-matrix/pscw-put-get-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window = calloc(4, sizeof(int));
    MPI_Win win;
    MPI_Win_create(window, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value1 = 1;
    int result2 = 0;
    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);

    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Put(&value1, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op1
        MPI_Win_complete(win);
        MPI_Win_start(peer_group, 0, win);
        MPI_Get(&result2, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op2
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    }

    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
