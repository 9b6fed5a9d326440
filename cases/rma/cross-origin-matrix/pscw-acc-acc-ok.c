// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues an MPI_Accumulate (MPI_SUM) and rank 2 an MPI_Accumulate (MPI_SUM) on window[0] of rank 1 in one PSCW exposure epoch of rank 1; accumulates with the same operation and datatype are atomic with respect to each other.
// NPROCS: 3
// EXPECT: ok
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
    /* the origin buffers of ranks 0 and 2 */
    int value = 1;
    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int origins[2] = {0, 2}, target = 1;
    if (rank == 1) {
        MPI_Group_incl(world_group, 2, origins, &peer_group);
    } else {
        MPI_Group_incl(world_group, 1, &target, &peer_group);
    }

    if (rank == 1) {
        MPI_Win_post(peer_group, 0, win);
        MPI_Win_wait(win);
    } else {
        MPI_Win_start(peer_group, 0, win);
        if (rank == 0)
            MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op-a
        else
            MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op-b
        MPI_Win_complete(win);
    }

    MPI_Group_free(&peer_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
