// DESCRIPTION: Rank 0 reads the result buffer of an MPI_Rget_accumulate (lock_all epoch) before MPI_Wait completes its request.
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: rget-accumulate load
// TWIN: rma/local-access/rget-accumulate-result-load-after-wait-ok
// NOTE: MPI-3.1 §11.3.5: completion of the request of MPI_Rget_accumulate means the result buffer holds the fetched values; before it, it must not be accessed. The window comes from MPI_Win_allocate (Debian's MPICH 4.0.2 fails in MPI_Win_free after accumulates on an MPI_Win_create window).
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
        MPI_Request req;
        MPI_Win_lock_all(0, win);
        MPI_Rget_accumulate(add, 4, MPI_INT, before, 4, MPI_INT, 1, 0, 4, MPI_INT, MPI_SUM, win, &req); // @rget-accumulate
        int first = before[0]; // @load
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Win_unlock_all(win);
        printf("first %d\n", first);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
