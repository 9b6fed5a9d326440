// DESCRIPTION: Every rank calls MPI_Allreduce three times in a loop whose trip count does not depend on the rank.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/allreduce-loop-rank-count-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = rank + 1, sum = 0;
    for (int step = 0; step < 3; step++) {
        MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        value = sum;
    }
    int failed = sum != 12;
    MPI_Finalize();
    return failed;
}
