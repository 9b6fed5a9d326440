// DESCRIPTION: An iteration loop stops on each rank when its local residual is small, so the ranks leave the loop after different numbers of MPI_Allreduce calls.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: allreduce
// TWIN: coll/scenarios/local-convergence-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §5.13: every process must make the same sequence of collective calls on a communicator. Natively hangs with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double residual = (rank == 0) ? 1.0 : 8.0;
    double energy = 0.0;
    while (residual > 0.5) { /* local test: rank 0 stops after 1 step, rank 1 after 4 */
        residual /= 2.0;
        MPI_Allreduce(&residual, &energy, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); // @allreduce
    }

    MPI_Finalize();
    return energy < 0.0;
}
