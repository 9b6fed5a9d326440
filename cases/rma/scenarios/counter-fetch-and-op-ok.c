// DESCRIPTION: Ranks 0 and 2 increment a counter on rank 1 with MPI_Fetch_and_op (MPI_SUM) under shared locks; the atomic read-modify-write needs no exclusive lock.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/scenarios/counter-get-put-shared-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *counter;
    MPI_Win win;
    MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &counter, &win);
    *counter = 0;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank != 1) {
        int one = 1, seen = 0;
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Fetch_and_op(&one, &seen, MPI_INT, 1, 0, MPI_SUM, win);  // @fop
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
