// DESCRIPTION: Each rank issues an MPI_Put and an MPI_Accumulate to MPI_PROC_NULL inside a fence epoch: no-ops that are still part of the epoch.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/sync/put-proc-null-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);

    int *window_values, value = 1;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window_values, &win);

    MPI_Win_fence(0, win);                                          // @open
    MPI_Put(&value, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, win); // @put
    MPI_Accumulate(&value, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);

    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
