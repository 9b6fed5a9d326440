// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 1 memcpy()s fresh values into its window inside the fence epoch in which rank 0 gets them.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: op store
// TWIN: rma/hidden-race/memcpy-into-window-after-fence-ok
// NOTE: MPI-3.1 11.3 and 11.7: the window owner may access a location updated by an RMA operation only after a synchronisation that completes the operation at the target and orders the access after it.
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int result[4];
    const int fresh[4] = {5, 6, 7, 8};

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Get(result, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
    else
        memcpy(window, fresh, sizeof fresh);  // @store
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
