// DESCRIPTION: Ranks 0 and 2 increment a counter on rank 1 by MPI_Get, MPI_Win_flush and MPI_Put under exclusive locks, which serialise the two read-modify-write sequences.
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
        int seen = 0;
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Get(&seen, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @get
        MPI_Win_flush(1, win);
        seen += 1;
        MPI_Put(&seen, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @put
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
