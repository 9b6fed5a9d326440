// DESCRIPTION: Rank 0 calls MPI_Win_flush_local on target 1 with no passive-target epoch open.
// NPROCS: 2
// EXPECT: error rma.sync.unmatched
// EXPECT-AT: flush
// TWIN: rma/sync/flush-local-in-lock-ok
// TAGS: crash
// TIMEOUT: 10
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §11.5.4: MPI_Win_flush_local may be called only within a passive-target epoch. Natively both MPIs abort (Open MPI reports MPI_ERR_RMA_SYNC).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window_values;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window_values, &win);
    if (rank == 0)
        MPI_Win_flush_local(1, win); // @flush
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
