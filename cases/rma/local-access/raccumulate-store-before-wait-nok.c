// DESCRIPTION: Rank 0 stores to the origin buffer of an MPI_Raccumulate (lock_all epoch) before MPI_Wait completes its request.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: raccumulate store
// TWIN: rma/local-access/raccumulate-store-after-wait-ok
// NOTE: MPI-3.1 §11.3.5: completion of the request of MPI_Raccumulate means the origin buffer may be reused; before it, it must not be updated. The window comes from MPI_Win_allocate (Debian's MPICH 4.0.2 fails in MPI_Win_free after accumulates on an MPI_Win_create window).
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
    for (int i = 0; i < 4; i++)
        window[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        int *values = malloc(4 * sizeof *values);
        for (int i = 0; i < 4; i++)
            values[i] = i;
        MPI_Request req;
        MPI_Win_lock_all(0, win);
        MPI_Raccumulate(values, 4, MPI_INT, 1, 0, 4, MPI_INT, MPI_SUM, win, &req); // @raccumulate
        values[1] = 7; // @store
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Win_unlock_all(win);
        free(values);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
