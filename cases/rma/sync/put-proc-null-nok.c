// DESCRIPTION: Each rank issues an MPI_Put and an MPI_Accumulate to MPI_PROC_NULL on a window on which it opened no access epoch.
// NPROCS: 2
// EXPECT: error rma.sync.missing-epoch
// EXPECT-AT: put
// TWIN: rma/sync/put-proc-null-ok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §11.3: MPI_PROC_NULL is a valid target in every RMA call, and the call must still be made inside an access epoch and the epoch finished by the synchronisation that started it.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);

    int *window_values, value = 1;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window_values, &win);

    MPI_Put(&value, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, win); // @put
    MPI_Accumulate(&value, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, MPI_SUM, win);

    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
