// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 calls MPI_Accumulate between two MPI_Win_fence calls.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/epoch-misuse/before-first-fence-acc-nok
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
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
