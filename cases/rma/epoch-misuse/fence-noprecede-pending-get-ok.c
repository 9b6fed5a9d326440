// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: The fence that ends rank 0's MPI_Get epoch has no assertion; MPI_MODE_NOPRECEDE is given only on the opening fence.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/epoch-misuse/fence-noprecede-pending-get-nok
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

    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0)
        MPI_Get(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);  // @fence

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
