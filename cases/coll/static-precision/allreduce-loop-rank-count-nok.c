// DESCRIPTION: Each rank calls MPI_Allreduce rank + 1 times, so rank 1 calls it once more than rank 0.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: allreduce
// TWIN: coll/static-precision/allreduce-loop-fixed-count-ok
// TAGS: deadlock
// TIMEOUT: 5
// NOTE: MPI-3.1 §5.1: a collective is called by all processes of the communicator; rank 1's second call has no partner.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = rank + 1, sum = 0;
    for (int step = 0; step < rank + 1; step++) {
        MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @allreduce
        value = sum;
    }
    MPI_Finalize();
    return 0;
}
