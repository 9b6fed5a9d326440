// DESCRIPTION: Every rank calls MPI_Allreduce under if (size > 1) after a rank-dependent computation of its contribution.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/allreduce-last-rank-skips-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int local = rank == 0 ? 10 : rank, sum = local;
    if (size > 1)
        MPI_Allreduce(&local, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int failed = sum != 11;
    MPI_Finalize();
    return failed;
}
