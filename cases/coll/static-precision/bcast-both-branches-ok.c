// DESCRIPTION: Rank 0 fills a value and broadcasts it, the other ranks broadcast from the other branch of the rank test: one MPI_Bcast on every rank.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/bcast-root-branch-only-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 0;
    if (rank == 0) {
        value = 21;
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } else {
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    int failed = value != 21;
    MPI_Finalize();
    return failed;
}
