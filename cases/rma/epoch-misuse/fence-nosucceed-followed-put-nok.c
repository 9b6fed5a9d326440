// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: The opening fence asserts MPI_MODE_NOSUCCEED, yet rank 0 calls MPI_Put in the epoch it starts.
// NPROCS: 2
// EXPECT: error rma.sync.assert-violation
// EXPECT-AT: fence op
// TWIN: rma/epoch-misuse/fence-nosucceed-followed-put-ok
// TAGS: crash
// NOTE: MPI-3.1 11.5.5: an assertion is a promise about the program; a program whose assertion does not hold is erroneous. Natively both MPIs abort, treating the call as outside any epoch.
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

    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);  // @fence
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
