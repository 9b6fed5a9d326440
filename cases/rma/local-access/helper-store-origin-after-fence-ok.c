// DESCRIPTION: Rank 0 calls a separate (noinline) function that refills the origin buffer of an MPI_Put after the closing fence completed it.
// NPROCS: 2
// EXPECT: ok
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
    }
    MPI_Win_fence(0, win);
    if (rank == 0)
        refill(values, 4);
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
