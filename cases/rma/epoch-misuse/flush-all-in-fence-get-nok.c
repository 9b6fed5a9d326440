// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 calls MPI_Win_flush_all inside a fence epoch, which is not a passive-target epoch.
// NPROCS: 2
// EXPECT: error rma.sync.unmatched
// EXPECT-AT: flush
// TWIN: rma/epoch-misuse/flush-all-in-fence-get-ok
// TAGS: crash
// NOTE: MPI-3.1 11.5.4: the flush calls may be called only within a passive-target epoch on the target. Natively both Open MPI and MPICH detect it and abort (fatal error handler).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    int value = 1;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Get(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_flush_all(win);  // @flush
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
