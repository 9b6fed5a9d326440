// DESCRIPTION: Rank 0 stores to the origin buffer of an MPI_Put in a PSCW access epoch before MPI_Win_complete.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put store
// TWIN: rma/local-access/pscw-store-after-complete-ok
// NOTE: MPI-3.1 §11.5.2: MPI_Win_complete completes the epoch's operations at the origin; the origin buffer may be updated after it.
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window = calloc(4, sizeof *window);
    MPI_Win win;
    MPI_Win_create(window, 4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world, peer;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int other = 1 - rank;
    MPI_Group_incl(world, 1, &other, &peer);

    if (rank == 0) {
        int *values = malloc(4 * sizeof *values);
        for (int i = 0; i < 4; i++)
            values[i] = i;
        MPI_Win_start(peer, 0, win);
        MPI_Put(values, 4, MPI_INT, 1, 0, 4, MPI_INT, win); // @put
        values[0] = 100; // @store
        MPI_Win_complete(win);
        free(values);
    } else {
        MPI_Win_post(peer, 0, win);
        MPI_Win_wait(win);
    }

    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
