// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 accumulates into displacement 6 of rank 1's window of four ints.
// NPROCS: 2
// EXPECT: error rma.window.out-of-bounds
// EXPECT-AT: op create
// TWIN: rma/window-misuse/oob-acc-past-end-ok
// TAGS: crash-openmpi
// NOTE: MPI-3.1 11.3: the target buffer (target_disp x disp_unit, count x extent) must lie inside the target window. The window covers part of a larger array, so the stray access stays in the program's own memory. Natively Open MPI detects it and aborts; MPICH runs to completion.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int memory[16] = {0};
    int values[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    MPI_Win win;
    MPI_Win_create(memory, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Accumulate(values, 1, MPI_INT, 1, 6, 1, MPI_INT, MPI_SUM, win);  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
