// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 puts at displacement 1, inside rank 1's window of two ints.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/window-misuse/oob-smaller-target-window-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int memory[16] = {0};
    int value = 1;
    int exposed = rank == 1 ? 2 : 4;  /* rank 1 exposes a smaller window */
    MPI_Win win;
    MPI_Win_create(memory, exposed * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
