// GENERATED: cases/gen/rma_windows.cpp
// DESCRIPTION: Rank 1 attaches `memory` to a dynamic window and broadcasts its address; rank 0 calls MPI_Get on it.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/dynamic-window/never-attached-get-nok
// REQUIRES: dynamic-window
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int memory[16] = {0};
    int value = 1;
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1)
        MPI_Win_attach(win, memory, 4 * sizeof(int));  // @attach
    MPI_Aint address;
    MPI_Get_address(memory, &address);
    MPI_Bcast(&address, 1, MPI_AINT, 1, MPI_COMM_WORLD);  /* rank 1's address */
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(&value, 1, MPI_INT, 1, address, 1, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 1)
        MPI_Win_detach(win, memory);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
