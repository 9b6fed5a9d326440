// DESCRIPTION: Only rank 0 calls the helper that performs MPI_Allreduce; the other ranks compute their value locally.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: allreduce
// TWIN: coll/static-precision/allreduce-helper-both-branches-ok
// TAGS: deadlock
// TIMEOUT: 5
// NOTE: MPI-3.1 §5.1: a collective is called by all processes of the communicator.
#include <mpi.h>

static int total(int local)
{
    int sum = 0;
    MPI_Allreduce(&local, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @allreduce
    return sum;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int sum;
    if (rank == 0)
        sum = total(10);
    else
        sum = rank;
    (void)sum;
    MPI_Finalize();
    return 0;
}
