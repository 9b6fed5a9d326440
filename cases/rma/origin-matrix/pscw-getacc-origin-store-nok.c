// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 stores to the origin buffer `value` of an MPI_Get_accumulate (MPI_SUM) before MPI_Win_complete completes it (a PSCW epoch, a window created on heap memory).
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: op access
// TWIN: rma/origin-matrix/pscw-getacc-origin-store-after-ok rma/origin-matrix/pscw-getacc-origin-load-ok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
// NOTE: MPI-3.1 11.3: the origin buffer of a put or accumulate must not be updated, and that of a get (or the result buffer of a get-accumulate) not accessed, until the operation completes at the origin (11.5, and 11.3.5 for request-based operations).
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
    int value = 1;
    int result = 0;
    MPI_Group world_group, peer_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int peer = 1 - rank;
    MPI_Group_incl(world_group, 1, &peer, &peer_group);

    if (rank == 0) {
        MPI_Win_start(peer_group, 0, win);
        MPI_Get_accumulate(&value, 1, MPI_INT, &result, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op
        value = 2;  // @access
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
