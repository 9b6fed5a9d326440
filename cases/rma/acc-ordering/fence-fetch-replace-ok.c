// DESCRIPTION: Rank 1 applies MPI_Fetch_and_op (MPI_SUM) and then MPI_Accumulate (MPI_REPLACE) to one int of rank 0 in one fence epoch, on a window with the default accumulate ordering.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/acc-ordering/fence-fetch-replace-unordered-nok
// NOTE: MPI-3.1 11.7.2: accumulates from one origin to one target location run in program order for each pair of reads and writes that the window's accumulate_ordering info names (by default rar,raw,war,waw; "none" orders none); 11.7.1: accumulates that are not ordered and differ in op or element boundaries break atomicity.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window_values[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window_values, sizeof window_values, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    MPI_Win_fence(0, win);
    if (rank == 1) {
        int value = 3, old = 0;
        MPI_Fetch_and_op(&value, &old, MPI_INT, 0, 0, MPI_SUM, win); // @first
        MPI_Accumulate(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_REPLACE, win); // @second
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
