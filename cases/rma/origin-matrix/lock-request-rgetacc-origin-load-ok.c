// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 loads the origin buffer `value` of an MPI_Rget_accumulate (MPI_SUM) while it is pending; the operation only reads that buffer, so the concurrent load is allowed (a shared lock epoch, a window from MPI_Win_allocate).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/origin-matrix/lock-request-rgetacc-origin-store-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
    for (int i = 0; i < 4; i++)
        window[i] = 0;
    int value = 1;
    int result = 0;
    MPI_Request request;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Rget_accumulate(&value, 1, MPI_INT, &result, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win, &request);  // @op
        sink = value;  // @access
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
