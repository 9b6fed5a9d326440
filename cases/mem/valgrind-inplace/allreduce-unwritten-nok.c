// DESCRIPTION: Every rank sums 3 ints in place (MPI_Allreduce with MPI_IN_PLACE) of which it wrote only 2: the receive buffer is the input.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: allreduce
// TWIN: mem/valgrind-inplace/allreduce-written-ok
// NOTE: MPI-3.1 §5.9.6: with MPI_IN_PLACE the input is taken from the receive buffer.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int data[3];
    for (int i = 0; i < 2; i++)
        data[i] = rank + i;
    MPI_Allreduce(MPI_IN_PLACE, data, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @allreduce
    int errors = data[0] != 1;
    MPI_Finalize();
    return errors;
}
