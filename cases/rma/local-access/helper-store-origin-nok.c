// DESCRIPTION: Rank 0 calls a separate (noinline) function that stores through its pointer parameter into the origin buffer of a pending MPI_Put (fence epoch).
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put store
// TWIN: rma/local-access/helper-store-origin-after-fence-ok
// NOTE: MPI-3.1 §11.3.1: the origin buffer of a put must not be updated until the operation completes (§11.5.1: the next fence). The store sits in another function; the pass sees only the pointer parameter.
#include <mpi.h>
#include <stdlib.h>

__attribute__((noinline)) static void refill(int *buf, int n)
{
    for (int i = 0; i < n; i++)
        buf[i] = -i; // @store
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window = calloc(4, sizeof *window);
    MPI_Win win;
    MPI_Win_create(window, 4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int values[4] = {1, 2, 3, 4};

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Put(values, 4, MPI_INT, 1, 0, 4, MPI_INT, win); // @put
        refill(values, 4);
    }
    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
