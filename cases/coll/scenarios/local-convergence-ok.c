// DESCRIPTION: An iteration loop stops when the largest residual over all ranks is small, so all ranks make the same number of MPI_Allreduce calls.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/scenarios/local-convergence-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double residual = (rank == 0) ? 1.0 : 8.0;
    double largest = residual;
    while (largest > 0.5) { /* global test: every rank stops after 4 steps */
        residual /= 2.0;
        MPI_Allreduce(&residual, &largest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD); // @allreduce
    }

    MPI_Finalize();
    return largest > 0.5;
}
