// DESCRIPTION: Rank 0 prepares and broadcasts a value under `if (rank == 0)`; the other ranks receive it under a separate `if (rank != 0)`, so every rank calls MPI_Bcast exactly once.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/scenarios/bcast-correlated-conditions-gap-nok
// NOTE: Each MPI_Bcast is under a rank-dependent branch; only paths whose rank conditions can hold together matter.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 0;
    if (rank == 0) {
        value = 42;
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    if (rank != 0)
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int errors = value != 42;
    MPI_Finalize();
    return errors;
}
