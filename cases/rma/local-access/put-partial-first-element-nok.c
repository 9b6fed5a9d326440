// DESCRIPTION: Rank 0 puts elements 1..3 of an array (fence epoch) and, before the closing fence, stores to element 1, the first element the put reads.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put store
// TWIN: rma/local-access/put-partial-element-before-ok
// NOTE: MPI-3.1 §11.3.1: only the bytes the origin datatype covers are the origin buffer; element 0 is outside it, element 1 inside.
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
    int *values = malloc(4 * sizeof *values);
    for (int i = 0; i < 4; i++)
        values[i] = i;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Put(values + 1, 3, MPI_INT, 1, 0, 3, MPI_INT, win); // @put
        values[1] = 42; // @store
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    free(values);
    free(window);
    MPI_Finalize();
    return 0;
}
