// DESCRIPTION: Every rank but the last calls MPI_Allreduce (if (rank < size - 1)); the last rank skips it.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: allreduce
// TWIN: coll/static-precision/allreduce-size-condition-ok
// TAGS: deadlock
// TIMEOUT: 5
// NOTE: MPI-3.1 §5.1: a collective is called by all processes of the communicator.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int local = rank == 0 ? 10 : rank, sum = local;
    if (rank < size - 1)
        MPI_Allreduce(&local, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @allreduce
    MPI_Finalize();
    return 0;
}
