// DESCRIPTION: A helper reduces the contributions of all ranks, including a zero contribution, before it returns.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/scenarios/early-return-nok
#include <mpi.h>

/* Returns the global sum of the ranks' contributions. */
static int global_sum(int contribution)
{
    int sum = 0;
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
    return sum != 5;
}
