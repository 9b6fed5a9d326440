// DESCRIPTION: Rank 0 and the other ranks take different branches but both call MPI_Reduce then MPI_Bcast, in the same order.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/reduce-bcast-swapped-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int local = rank + 1, sum = 0;
    if (rank == 0) {
        MPI_Reduce(&local, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        sum = 2 * sum;
        MPI_Bcast(&sum, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } else {
        MPI_Reduce(&local, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Bcast(&sum, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    int failed = sum != 6;
    MPI_Finalize();
    return failed;
}
