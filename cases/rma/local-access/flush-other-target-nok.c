// DESCRIPTION: Rank 0 puts to rank 1 and rank 2 (lock_all epoch), flushes only rank 2, then stores to the origin buffer of the put to rank 1.
// NPROCS: 3
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put store
// TWIN: rma/local-access/flush-same-target-ok
// NOTE: MPI-3.1 §11.5.4: MPI_Win_flush(rank) completes the operations to that target only.
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window = calloc(2, sizeof *window);
    MPI_Win win;
    MPI_Win_create(window, 2 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    if (rank == 0) {
        int *to_one = malloc(2 * sizeof *to_one);
        int *to_two = malloc(2 * sizeof *to_two);
        for (int i = 0; i < 2; i++) {
            to_one[i] = i;
            to_two[i] = 10 + i;
        }
        MPI_Win_lock_all(0, win);
        MPI_Put(to_one, 2, MPI_INT, 1, 0, 2, MPI_INT, win); // @put
        MPI_Put(to_two, 2, MPI_INT, 2, 0, 2, MPI_INT, win);
        MPI_Win_flush(2, win);
        to_one[1] = -1; // @store
        MPI_Win_unlock_all(win);
        free(to_one);
        free(to_two);
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
