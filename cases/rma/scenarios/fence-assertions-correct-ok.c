// DESCRIPTION: A two-epoch fence exchange that states every assertion that holds: MPI_MODE_NOPRECEDE on the first fence, MPI_MODE_NOSTORE and MPI_MODE_NOPUT where no rank stores to or puts into its window, and MPI_MODE_NOSUCCEED on the last fence.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 11.5.5: the window is written before the first fence only; the second epoch only reads it with MPI_Get, so NOSTORE and NOPUT hold on the middle fence.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 10 + rank, seen = 0;

    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Put(&value, 1, MPI_INT, 1 - rank, rank, 1, MPI_INT, win);  // @put
    MPI_Win_fence(MPI_MODE_NOSTORE | MPI_MODE_NOPUT, win);
    MPI_Get(&seen, 1, MPI_INT, 1 - rank, rank, 1, MPI_INT, win);  // @get
    MPI_Win_fence(MPI_MODE_NOSUCCEED | MPI_MODE_NOSTORE | MPI_MODE_NOPUT, win);
    if (seen != value)
        MPI_Abort(MPI_COMM_WORLD, 1);  /* the value this rank put comes back */

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
