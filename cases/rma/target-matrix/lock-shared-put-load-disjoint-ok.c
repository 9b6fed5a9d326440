// GENERATED: cases/gen/rma_matrix.cpp
// DESCRIPTION: Rank 1 loads window[1] while rank 0 may still hold its lock (no synchronisation orders the two) while rank 0's MPI_Put accesses window[0]; the locations are disjoint (a shared lock epoch, a window created on a stack array).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/target-matrix/lock-shared-put-load-nok
// ORIGIN: RMA-Analyzer Table 1 (Aitkaci et al., EuroMPI 2021)
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value = 1;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
    } else {
        sink = window[1];  // @access
    }
    MPI_Barrier(MPI_COMM_WORLD); /* after rank 0's epoch has ended */

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
