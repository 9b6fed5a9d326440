// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 gets two ints from displacement 3 of rank 1's window of four ints, one past its end.
// NPROCS: 2
// EXPECT: error rma.window.out-of-bounds
// EXPECT-AT: op create
// TWIN: rma/window-misuse/oob-get-past-end-ok
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
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(values, 2, MPI_INT, 1, 3, 2, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
