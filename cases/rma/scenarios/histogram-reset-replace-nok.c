// DESCRIPTION: Ranks 0 and 2 add counts into histogram bins on rank 1 with MPI_Accumulate (MPI_SUM) while rank 2 also resets bin 0 with MPI_Accumulate (MPI_REPLACE) in the same lock_all epoch.
// NPROCS: 3
// EXPECT: error rma.remote.atomicity
// EXPECT-AT: add reset
// TWIN: rma/scenarios/histogram-accumulate-ok
// NOTE: MPI-3.1 11.7.1 and 11.2.1 (accumulate_ops, default same_op_no_op): concurrent accumulates to one location must use the same operation (or MPI_NO_OP).
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
        int zero = 0;
        MPI_Win_lock_all(0, win);
        MPI_Accumulate(counts, BINS, MPI_INT, 1, 0, BINS, MPI_INT, MPI_SUM, win);  // @add
        if (rank == 2)
            MPI_Accumulate(&zero, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_REPLACE, win);  // @reset
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
