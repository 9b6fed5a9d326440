// DESCRIPTION: Rank 0 fetches a flag from rank 1 with MPI_Get, completes it with MPI_Win_flush, and only then branches on it.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/scenarios/get-then-branch-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[2] = {1, 0};  /* window[0] is the flag, window[1] the answer */
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        int flag = 0, answer = 42;
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(&flag, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @get
        MPI_Win_flush(1, win);
        if (flag == 1)  // @branch
            MPI_Put(&answer, 1, MPI_INT, 1, 1, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
