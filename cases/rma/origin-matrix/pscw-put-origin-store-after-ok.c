// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 stores to the origin buffer `value` of an MPI_Put only after MPI_Win_complete has completed it (a PSCW epoch, a window created on a stack array).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/origin-matrix/pscw-put-origin-store-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
#include <mpi.h>

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
        value = 2;  // @access
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
