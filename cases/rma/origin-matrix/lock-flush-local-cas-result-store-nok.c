// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 stores to the result buffer `result` of an MPI_Compare_and_swap before MPI_Win_flush_local completes it (a shared lock epoch, a window created on a stack array).
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: op access
// TWIN: rma/origin-matrix/lock-flush-local-cas-result-store-after-ok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
// NOTE: MPI-3.1 11.3: the origin buffer of a put or accumulate must not be updated, and that of a get (or the result buffer of a get-accumulate) not accessed, until the operation completes at the origin (11.5, and 11.3.5 for request-based operations).
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
    int compare = 0;
    int result = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Compare_and_swap(&value, &compare, &result, MPI_INT, 1, 0, win);  // @op
        result = 2;  // @access
        MPI_Win_flush_local(1, win);
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
