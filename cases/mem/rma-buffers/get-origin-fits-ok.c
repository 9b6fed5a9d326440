// DESCRIPTION: Rank 0 gets 3 ints from rank 1's window in a fence epoch into an origin buffer allocated for 3.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/rma-buffers/get-origin-short-nok
#include <mpi.h>
#include <stdlib.h>

enum { N = 3, ROOM = 3 }; // ints fetched, ints the origin allocates

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int window[4]; // 16 bytes, so 16-aligned on the stack (MPICH 4.0 misplaces accesses to a window based at an odd multiple of 4)
    for (int i = 0; i < 4; i++)
        window[i] = 10 * rank + i;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int *origin = malloc(ROOM * sizeof *origin);
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Get(origin, N, MPI_INT, 1, 0, N, MPI_INT, win);
    MPI_Win_fence(0, win);
    int errors = 0;
    for (int i = 0; rank == 0 && i < ROOM; i++)
        errors += origin[i] != 10 + i;
    free(origin);
    MPI_Win_free(&win);
    MPI_Finalize();
    return errors;
}
