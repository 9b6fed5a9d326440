// DESCRIPTION: The ranks own different numbers of items but agree on the largest count first, and all call MPI_Allreduce that many times.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/scenarios/rank-dependent-loop-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int items = rank + 1; /* rank 0 owns 1 item, rank 1 owns 2 */
    int rounds = 0;
    MPI_Allreduce(&items, &rounds, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    int total = 0;
    for (int i = 0; i < rounds; ++i) {
        int value = (i < items) ? i : 0, sum = 0;
        MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @allreduce
        total += sum;
    }

    MPI_Finalize();
    return total != 1;
}
