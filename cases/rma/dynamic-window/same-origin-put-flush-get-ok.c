// DESCRIPTION: Rank 1 attaches 4 ints to a dynamic window; rank 0 MPI_Puts to one of them, flushes, and MPI_Gets it back in the same lock epoch.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/dynamic-window/same-origin-put-get-nok
// REQUIRES: dynamic-window
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §11.5.4: MPI_Win_flush completes the put at the target before the get is issued.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int memory[4] = {0, 0, 0, 0}, failed = 0;
    MPI_Aint address = 0;
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        MPI_Win_attach(win, memory, sizeof memory);
        MPI_Get_address(memory, &address);
    }
    MPI_Bcast(&address, 1, MPI_AINT, 1, MPI_COMM_WORLD); /* rank 1's address */

    if (rank == 0) {
        int value = 4, fetched = 0;
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, address, 1, MPI_INT, win);   // @put
        MPI_Win_flush(1, win);                                      // @flush
        MPI_Get(&fetched, 1, MPI_INT, 1, address, 1, MPI_INT, win); // @get
        MPI_Win_unlock(1, win);
        failed = fetched != 4;
    }
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 1)
        MPI_Win_detach(win, memory);
    MPI_Win_free(&win);
    MPI_Finalize();
    return failed;
}
