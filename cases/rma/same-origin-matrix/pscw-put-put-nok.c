// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues an MPI_Put and then an MPI_Put to window[0] of rank 1 in one epoch; two puts to one location are not ordered (a PSCW epoch).
// NPROCS: 2
// EXPECT: error rma.local.same-origin-conflict
// EXPECT-AT: op1 op2
// TWIN: rma/same-origin-matrix/pscw-put-put-completed-ok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
// NOTE: MPI-3.1 11.7.2: RMA operations of one origin are not ordered (only accumulates among themselves are, by default); two conflicting operations on one location in one epoch are erroneous (11.3).
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
    int value2 = 1;
    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);

    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Put(&value1, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op1
        MPI_Put(&value2, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op2
        MPI_Win_complete(win);
    } else {
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
