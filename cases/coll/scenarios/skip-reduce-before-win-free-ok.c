// DESCRIPTION: After a fence epoch, every rank reduces the residual with MPI_Allreduce before MPI_Win_free.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/scenarios/skip-reduce-before-win-free-nok
// TAGS: smoke
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
    MPI_Allreduce(&residual, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); // @allreduce

    MPI_Win_free(&win); // @free
    MPI_Finalize();
    return global > 100.0;
}
