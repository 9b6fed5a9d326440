// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 loads window[0] inside the same fence epoch while rank 0's MPI_Fetch_and_op (MPI_NO_OP) reads it; two reads do not conflict (a fence epoch, a window created on a stack array).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/target-matrix/fence-fop-noop-store-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
#include <mpi.h>
#include <stddef.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int result = 0;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Fetch_and_op(NULL, &result, MPI_INT, 1, 0, MPI_NO_OP, win);  // @op
    } else {
        sink = window[0];  // @access
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
