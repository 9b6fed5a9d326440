// DESCRIPTION: Rank 0 stores to its segment of a shared-memory window; after MPI_Win_sync and a barrier, rank 1 loads the value directly.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/shared/store-load-race-nok
// REQUIRES: mpi-3 shared-memory-window
// NOTE: The MPI_Win_sync / MPI_Barrier / MPI_Win_sync pattern (MPI-3.1 §11.5.4, §11.7) orders the store before the load.
#include <mpi.h>
#include <stddef.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *own = NULL;
    MPI_Win win;
    MPI_Win_allocate_shared(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &own, &win);
    int *rank0_value = NULL;
    MPI_Aint size;
    int disp_unit;
    MPI_Win_shared_query(win, 0, &size, &disp_unit, &rank0_value);

    int failed = 0;
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    if (rank == 0)
        *rank0_value = 42; // @store
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);
    if (rank == 1) {
        int seen = *rank0_value; // @load
        failed = seen != 42;
    }
    MPI_Win_unlock_all(win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return failed;
}
