// DESCRIPTION: Ranks 0 and 2 add counts into histogram bins on rank 1 with MPI_Accumulate (MPI_SUM) in the same lock_all epoch; rank 2 corrects bin 0 with a further MPI_SUM of a negative count.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/scenarios/histogram-reset-replace-nok
#include <mpi.h>

#define BINS 4

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int bins[BINS] = {0};
    MPI_Win win;
    MPI_Win_create(bins, sizeof bins, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank != 1) {
        int counts[BINS] = {rank + 1, 1, 2, 3};
        int correction = -1;
        MPI_Win_lock_all(0, win);
        MPI_Accumulate(counts, BINS, MPI_INT, 1, 0, BINS, MPI_INT, MPI_SUM, win);  // @add
        if (rank == 2)
            MPI_Accumulate(&correction, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @reset
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1 && (bins[0] != 3 || bins[1] != 2 || bins[3] != 6))
        MPI_Abort(MPI_COMM_WORLD, 1);  /* 1 + 3 - 1, 1 + 1, 3 + 3 */

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
