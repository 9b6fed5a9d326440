// DESCRIPTION: Every rank calls MPI_Barrier under if (size > 1), a condition with the same value on every rank.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/barrier-rank-condition-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > 1)
        MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
