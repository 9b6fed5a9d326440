// DESCRIPTION: Rank 0 reduces in place (MPI_Reduce with MPI_IN_PLACE at the root) 3 ints of which it wrote only 2: the root's receive buffer is its input.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: reduce
// TWIN: mem/valgrind-inplace/reduce-root-written-ok
// NOTE: MPI-3.1 §5.9.1: with MPI_IN_PLACE at the root, its input is taken from the receive buffer.
#include <mpi.h>
#include <stddef.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int data[3] = {1, 1, 1}, result[3];
    int errors = 0;
    if (rank == 0) {
        for (int i = 0; i < 2; i++)
            result[i] = 1;
        MPI_Reduce(MPI_IN_PLACE, result, 3, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD); // @reduce
        errors += result[0] != 2;
    } else {
        MPI_Reduce(data, NULL, 3, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return errors;
}
