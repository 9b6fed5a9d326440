// GENERATED: cases/gen/rma_windows.cpp
// DESCRIPTION: Rank 1 attaches `memory` only after the barrier that follows rank 0's MPI_Put to its address, so the put targets unattached memory.
// NPROCS: 2
// EXPECT: error rma.window.dynamic-unattached
// EXPECT-AT: op attach
// TWIN: rma/dynamic-window/attached-late-put-early-ok
// REQUIRES: dynamic-window
// TAGS: crash-openmpi
// NOTE: MPI-3.1 11.2.4: in a dynamic window only memory attached with MPI_Win_attach at the target can be accessed; the target displacement is the address (MPI_Get_address) in the target process. Natively Open MPI detects it and aborts (MPI_ERR_RMA_RANGE); MPICH runs to completion.
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
    MPI_Aint address;
    MPI_Get_address(memory, &address);
    MPI_Bcast(&address, 1, MPI_AINT, 1, MPI_COMM_WORLD);  /* rank 1's address */
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, address, 1, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        MPI_Win_attach(win, memory, 4 * sizeof(int));  // @attach

    if (rank == 1)
        MPI_Win_detach(win, memory);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
