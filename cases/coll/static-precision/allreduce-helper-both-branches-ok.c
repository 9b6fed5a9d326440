// DESCRIPTION: Both branches of a rank test call a helper that performs one MPI_Allreduce, with different local contributions.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/allreduce-helper-root-only-nok
#include <mpi.h>

static int total(int local)
{
    int sum = 0;
    MPI_Allreduce(&local, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
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
        sum = total(rank);
    int failed = sum != 11;
    MPI_Finalize();
    return failed;
}
