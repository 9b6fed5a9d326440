// DESCRIPTION: A helper returns early on rank 1 when it has nothing to contribute, so rank 1 skips the MPI_Allreduce that rank 0 calls.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: allreduce
// TWIN: coll/scenarios/early-return-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §5.13: all processes of the communicator must call the collective. Natively hangs with Open MPI and MPICH.
#include <mpi.h>

/* Returns the global sum of the ranks' contributions. */
static int global_sum(int contribution)
{
    int sum = 0;
    if (contribution == 0)
        return 0; /* "nothing to add" -- but the other ranks still reduce */
    MPI_Allreduce(&contribution, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @allreduce
    return sum;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int contribution = (rank == 0) ? 5 : 0;
    int sum = global_sum(contribution);

    MPI_Finalize();
    return sum < 0;
}
