// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 0 issues two calls on one origin buffer: two pending MPI_Put calls read the same origin buffer, which is allowed (a fence epoch).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/origin-matrix/fence-buffer-get-then-put-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
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
        MPI_Put(&data, 1, MPI_INT, 1, 1, 1, MPI_INT, win);  // @op2
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
