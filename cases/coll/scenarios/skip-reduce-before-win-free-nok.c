// DESCRIPTION: After a fence epoch, rank 1 decides locally that it has converged and skips the MPI_Allreduce of the residual, going straight to MPI_Win_free while rank 0 reduces.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: allreduce free
// TWIN: coll/scenarios/skip-reduce-before-win-free-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §5.13: all processes of the communicator must call the collective; MPI_Win_free synchronises the window's group (§11.2.5). Natively hangs with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double cell = 0.0, halo = 1.0 + rank;
    MPI_Win win;
    MPI_Win_create(&cell, sizeof cell, sizeof cell, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Put(&halo, 1, MPI_DOUBLE, 1 - rank, 0, 1, MPI_DOUBLE, win);
    MPI_Win_fence(0, win);

    double residual = cell - halo, global = 0.0;
    if (rank == 0) /* rank 1 thinks it has converged */
        MPI_Allreduce(&residual, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); // @allreduce

    MPI_Win_free(&win); // @free
    MPI_Finalize();
    return global > 100.0;
}
