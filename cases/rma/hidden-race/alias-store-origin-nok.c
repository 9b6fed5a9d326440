// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 stores through `alias`, a pointer to the origin buffer of its pending MPI_Put, before the closing fence.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: op store
// TWIN: rma/hidden-race/alias-store-origin-after-fence-ok
// NOTE: MPI-3.1 11.3: the origin buffer of a put must not be updated, and that of a get not accessed, until the operation completes at the origin.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 1;
    int *alias = &value;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        *alias = 2;  // @store
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
