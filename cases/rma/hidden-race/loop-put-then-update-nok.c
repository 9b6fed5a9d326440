// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: In a loop rank 0 puts row[i] and then increments row[(i + 3) % 4]; from iteration 1 on the increment hits an element whose put is still pending (fence epoch).
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: op store
// TWIN: rma/hidden-race/loop-put-then-update-after-fence-ok
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
    int row[4] = {1, 2, 3, 4};

    MPI_Win_fence(0, win);
    if (rank == 0) {
        for (int i = 0; i < 4; i++) {
            MPI_Put(&row[i], 1, MPI_INT, 1, i, 1, MPI_INT, win);  // @op
            row[(i + 3) % 4] += 1;  // @store
        }
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
