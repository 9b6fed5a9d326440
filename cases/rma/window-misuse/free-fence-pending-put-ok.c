// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: The fence epoch with rank 0's MPI_Put is closed by a fence before the window is freed.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/window-misuse/free-fence-pending-put-nok
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
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);  // @free
    MPI_Finalize();
    return 0;
}
