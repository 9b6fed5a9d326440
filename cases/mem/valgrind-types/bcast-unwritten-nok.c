// DESCRIPTION: Rank 0 broadcasts 5 ints of which it wrote only 4.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: bcast
// TWIN: mem/valgrind-types/bcast-written-ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int data[5];
    if (rank == 0)
        for (int i = 0; i < 4; i++)
            data[i] = i + 1;
    MPI_Bcast(data, 5, MPI_INT, 0, MPI_COMM_WORLD); // @bcast
    int errors = data[0] != 1;
    MPI_Finalize();
    return errors;
}
