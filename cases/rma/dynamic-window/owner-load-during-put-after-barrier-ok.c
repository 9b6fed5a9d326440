// GENERATED: cases/gen/rma_windows.cpp
// DESCRIPTION: Rank 1 loads heap memory attached to a dynamic window only after a barrier that follows rank 0's unlock.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/dynamic-window/owner-load-during-put-nok
// REQUIRES: dynamic-window
#include <mpi.h>
#include <stdlib.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *memory = malloc(4 * sizeof(int));
    int value = 1;
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        for (int i = 0; i < 4; i++)
            memory[i] = 0;
        MPI_Win_attach(win, memory, 4 * sizeof(int));
    }
    MPI_Aint address;
    MPI_Get_address(memory, &address);
    MPI_Bcast(&address, 1, MPI_AINT, 1, MPI_COMM_WORLD);  /* rank 1's address */

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, address, 1, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD); /* after rank 0's epoch has ended */
    if (rank == 1)
        sink = memory[0];  // @load

    if (rank == 1)
        MPI_Win_detach(win, memory);
    MPI_Win_free(&win);
    free(memory);
    MPI_Finalize();
    return 0;
}
