// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 loads the result buffer `result` of an MPI_Fetch_and_op (MPI_SUM) before the closing MPI_Win_fence completes it (a fence epoch opened with MPI_MODE_NOPRECEDE and closed with MPI_MODE_NOSUCCEED, a window from MPI_Win_allocate).
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: op access
// TWIN: rma/origin-matrix/fence-assert-fop-result-load-after-ok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
// NOTE: MPI-3.1 11.3: the origin buffer of a put or accumulate must not be updated, and that of a get (or the result buffer of a get-accumulate) not accessed, until the operation completes at the origin (11.5, and 11.3.5 for request-based operations).
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

    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0) {
        MPI_Fetch_and_op(&value, &result, MPI_INT, 1, 0, MPI_SUM, win);  // @op
        sink = result;  // @access
    }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
