// DESCRIPTION: Each rank calls MPI_Allreduce once per local item and the ranks own different numbers of items, so rank 1 calls it once more than rank 0.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: allreduce
// TWIN: coll/scenarios/rank-dependent-loop-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §5.13: every process must make the same sequence of collective calls on a communicator. Natively hangs with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int items = rank + 1; /* rank 0 owns 1 item, rank 1 owns 2 */
    int total = 0;
    for (int i = 0; i < items; ++i) {
        int value = i, sum = 0;
        MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @allreduce
        total += sum;
    }

    MPI_Finalize();
    return total < 0;
}
