// DESCRIPTION: All ranks call MPI_Bcast with the last rank (size - 1) as root.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg/invalid-root-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int root = size - 1;
    int value = rank == root ? 7 : 0;
    MPI_Bcast(&value, 1, MPI_INT, root, MPI_COMM_WORLD); // @bcast

    int failed = value != 7;
    MPI_Finalize();
    return failed;
}
