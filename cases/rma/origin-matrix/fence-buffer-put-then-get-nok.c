// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues two calls on one origin buffer in one epoch: an MPI_Get writes into the origin buffer that a pending MPI_Put still reads (a fence epoch).
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: op1 op2
// TWIN: rma/origin-matrix/fence-buffer-put-then-get-completed-ok
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
    int data = 1;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Put(&data, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op1
        MPI_Get(&data, 1, MPI_INT, 1, 1, 1, MPI_INT, win);  // @op2
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
