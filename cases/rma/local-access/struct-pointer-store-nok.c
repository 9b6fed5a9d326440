// DESCRIPTION: Rank 0 keeps the origin buffer of an MPI_Put in a struct and stores through the struct's pointer before MPI_Win_unlock completes the put.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put store
// TWIN: rma/local-access/struct-pointer-store-after-unlock-ok
// NOTE: MPI-3.1 §11.3.1 and §11.5.3: the origin buffer may be updated only after the unlock (or a flush) completed the put.
#include <mpi.h>
#include <stdlib.h>

struct halo {
    int *data;
    int count;
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window = calloc(4, sizeof *window);
    MPI_Win win;
    MPI_Win_create(window, 4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    if (rank == 0) {
        struct halo h;
        h.data = malloc(4 * sizeof *h.data);
        h.count = 4;
        for (int i = 0; i < h.count; i++)
            h.data[i] = i;
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(h.data, h.count, MPI_INT, 1, 0, h.count, MPI_INT, win); // @put
        h.data[h.count - 1] = 99; // @store
        MPI_Win_unlock(1, win);
        free(h.data);
    }

    MPI_Win_free(&win);
    free(window);
    MPI_Finalize();
    return 0;
}
