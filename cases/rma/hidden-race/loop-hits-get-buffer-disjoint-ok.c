// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 gets two ints into data[4..5], then clears data[0..3] in a loop, which the pending get does not touch (fence epoch).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/hidden-race/loop-hits-get-buffer-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int data[8] = {0};

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Get(&data[4], 2, MPI_INT, 1, 0, 2, MPI_INT, win);  // @op
        for (int i = 0; i < 4; i++)
            data[i] = -1;  // @store
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
