// DESCRIPTION: Rank 0 strcpy()s a new text into the origin buffer of a pending MPI_Put of characters (fence epoch) before the closing fence.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put copy
// TWIN: rma/local-access/strcpy-into-put-origin-after-fence-ok
// NOTE: MPI-3.1 §11.3.1: the origin buffer must not be updated until the put completes (§11.5.1: the closing fence).
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    char *window = calloc(16, 1);
    MPI_Win win;
    MPI_Win_create(window, 16, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    char *text = calloc(16, 1);
    strcpy(text, "first");

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Put(text, 16, MPI_CHAR, 1, 0, 16, MPI_CHAR, win); // @put
        strcpy(text, "second"); // @copy
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    free(text);
    free(window);
    MPI_Finalize();
    return 0;
}
