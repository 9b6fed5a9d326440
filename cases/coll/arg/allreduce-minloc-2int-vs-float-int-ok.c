// DESCRIPTION: The ranks find the smallest value and its rank with MPI_MINLOC in MPI_Allreduce; both ranks pass their (value, rank) pair as MPI_2INT.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg/allreduce-minloc-2int-vs-float-int-nok
// ORIGIN: pair types split into their parts in the interposition layer's signatures, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int mine[2] = {10 * (rank + 1), rank}, least[2] = {-1, -1};
    MPI_Allreduce(mine, least, 1, MPI_2INT, MPI_MINLOC, MPI_COMM_WORLD);

    MPI_Finalize();
    return least[0] != 10 || least[1] != 0;
}
