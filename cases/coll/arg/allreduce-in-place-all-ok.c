// DESCRIPTION: Both ranks pass MPI_IN_PLACE as the send buffer of MPI_Allreduce.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg/allreduce-in-place-rank0-only-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int values[4];
    for (int i = 0; i < 4; i++)
        values[i] = rank + i;
    MPI_Allreduce(MPI_IN_PLACE, values, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @inplace

    MPI_Finalize();
    return values[0] != 1; /* 0 + 1 */
}
