// GENERATED: cases/gen/rma_hb_order.cpp
// DESCRIPTION: Rank 0 puts to window[0] of rank 1 and rank 2 issues an MPI_Put on it in fence epochs; both access in the same epoch.
// NPROCS: 4
// EXPECT: error rma.remote.conflict
// EXPECT-AT: op-a op-b
// TWIN: rma/hb-order/put-fence-two-epochs-ok
// NOTE: MPI-3.1 11.5.1: the fence completes the accesses of the epoch it ends before any access of the next; accesses of one fence epoch are concurrent.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int *window, value = 1, result = 0, token = 7, sum = 0;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
    for (int i = 0; i < 4; i++)
        window[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @op-a
    if (rank == 2)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @op-b
    MPI_Win_fence(0, win);
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    (void)result;
    errors += token != 7 || sum < 0; /* what the ranks received is read */

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
