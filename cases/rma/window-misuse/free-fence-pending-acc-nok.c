// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 issues MPI_Accumulate in a fence epoch and the window is freed without the closing fence that would complete it.
// NPROCS: 2
// EXPECT: error rma.window.free-with-epoch
// EXPECT-AT: op free
// TWIN: rma/window-misuse/free-fence-pending-acc-ok
// TAGS: crash-mpich
// NOTE: MPI-3.1 11.2.5: MPI_Win_free may be called only after the process has completed its involvement in RMA on the window (unlock, complete, wait, or a closing fence). Natively MPICH detects it and aborts; Open MPI runs to completion.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    int value = 1;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op

    MPI_Win_free(&win);  // @free
    MPI_Finalize();
    return 0;
}
