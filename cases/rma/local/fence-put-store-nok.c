// DESCRIPTION: Rank 0 stores to the origin buffer of an MPI_Put before the closing fence has completed the put.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put store
// TWIN: rma/local/fence-put-store-after-fence-ok
// TAGS: smoke
// NOTE: MPI-3.1 §11.3: the origin buffer must not be modified until the put completes, here at the closing MPI_Win_fence (§11.5.1).
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

    int value = 1;
    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @put
        value = 2;                                          // @store
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    free(window_value);
    MPI_Finalize();
    return 0;
}
