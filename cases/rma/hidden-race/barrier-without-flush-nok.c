// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 gets from rank 1 in a lock_all epoch and enters an MPI_Barrier without flushing; after the barrier rank 1 overwrites the location the get may still read.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op store
// TWIN: rma/hidden-race/barrier-without-flush-flushed-ok
// NOTE: MPI-3.1 11.3 and 11.7: the window owner may access a location updated by an RMA operation only after a synchronisation that completes the operation at the target and orders the access after it.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int result = 0;
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Get(&result, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        window[0] = 5;  // @store
    if (rank == 0)
        MPI_Win_unlock_all(win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
