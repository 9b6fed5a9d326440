// DESCRIPTION: Rank 0 reads the result buffer of a pending MPI_Get_accumulate before MPI_Win_flush completes it.
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: get-accumulate load
// TWIN: rma/local-access/get-accumulate-result-load-after-flush-ok
// NOTE: MPI-3.1 §11.3.4: the result buffer of MPI_Get_accumulate is filled like the origin buffer of a get and must not be accessed until the operation completes (§11.5.4: MPI_Win_flush). The window comes from MPI_Win_allocate (Debian's MPICH 4.0.2 fails in MPI_Win_free after MPI_Get_accumulate on an MPI_Win_create window).
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
    for (int i = 0; i < 4; i++)
        window[i] = 100 + i;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        int add[4] = {1, 1, 1, 1}, before[4] = {0};
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get_accumulate(add, 4, MPI_INT, before, 4, MPI_INT, 1, 0, 4, MPI_INT, MPI_SUM, win); // @get-accumulate
        int first = before[0]; // @load
        MPI_Win_flush(1, win);
        MPI_Win_unlock(1, win);
        printf("first %d\n", first);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
