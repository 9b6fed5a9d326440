// DESCRIPTION: Rank 0 clears the origin buffer of a pending MPI_Get with memset() before MPI_Win_unlock completes the get.
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: get clear
// TWIN: rma/local-access/memset-get-buffer-after-unlock-ok
// NOTE: MPI-3.1 §11.3.2: the origin buffer of a get must not be accessed (read or written) until the get completes.
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window = calloc(4, sizeof *window);
    MPI_Win win;
    MPI_Win_create(window, 4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    if (rank == 0) {
        int *fetched = malloc(4 * sizeof *fetched);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Get(fetched, 4, MPI_INT, 1, 0, 4, MPI_INT, win); // @get
        memset(fetched, 0, 4 * sizeof *fetched); // @clear
        MPI_Win_unlock(1, win);
        free(fetched);
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
