// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 gets two ints into data[4..5], then clears every odd element of data in a loop; iteration 2 clears data[5] while the get is pending (fence epoch).
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: op store
// TWIN: rma/hidden-race/loop-hits-get-buffer-disjoint-ok
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
    int data[8] = {0};

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Get(&data[4], 2, MPI_INT, 1, 0, 2, MPI_INT, win);  // @op
        for (int i = 0; i < 4; i++)
            data[2 * i + 1] = -1;  // @store
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
