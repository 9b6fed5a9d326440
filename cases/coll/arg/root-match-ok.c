// DESCRIPTION: Both ranks pass root 0 to one MPI_Bcast.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg/root-mismatch-nok
// TAGS: smoke
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank == 0 ? 7 : 0;
    int root = 0;
    MPI_Bcast(&value, 1, MPI_INT, root, MPI_COMM_WORLD); // @bcast
    int received = value;

    MPI_Finalize();
    return received != 7;
}
