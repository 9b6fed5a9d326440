// GENERATED: cases/gen/rma_windows.cpp
// DESCRIPTION: Rank 1 attaches memory[0..3] and memory[8..11] to a dynamic window; rank 0 puts to memory[5], in the unattached gap between the regions (fence epoch).
// NPROCS: 2
// EXPECT: error rma.window.dynamic-unattached
// EXPECT-AT: op attach
// TWIN: rma/dynamic-window/gap-between-regions-put-second-region-ok
// REQUIRES: dynamic-window
// NOTE: MPI-3.1 11.2.4: in a dynamic window only memory attached with MPI_Win_attach at the target can be accessed; the target displacement is the address (MPI_Get_address) in the target process. Natively both MPIs run to completion without noticing.
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
    if (rank == 1) {
        MPI_Win_attach(win, &memory[0], 4 * sizeof(int));  // @attach
        MPI_Win_attach(win, &memory[8], 4 * sizeof(int));
    }
    MPI_Aint address;
    MPI_Get_address(memory, &address);
    MPI_Bcast(&address, 1, MPI_AINT, 1, MPI_COMM_WORLD);  /* rank 1's address */
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, address + 5 * sizeof(int), 1, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);

    if (rank == 1) {
        MPI_Win_detach(win, &memory[8]);
        MPI_Win_detach(win, &memory[0]);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
