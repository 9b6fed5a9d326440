// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 puts at displacement 3, valid for its own window of four ints but past the end of rank 1's window of two ints.
// NPROCS: 2
// EXPECT: error rma.window.out-of-bounds
// EXPECT-AT: op create
// TWIN: rma/window-misuse/oob-smaller-target-window-ok
// TAGS: crash-openmpi
// NOTE: MPI-3.1 11.3: the target buffer (target_disp x disp_unit, count x extent) must lie inside the target window. The window covers part of a larger array, so the stray access stays in the program's own memory. Natively Open MPI detects it and aborts; MPICH runs to completion.
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
        MPI_Put(&value, 1, MPI_INT, 1, 3, 1, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
