// DESCRIPTION: All three ranks broadcast from root 0 with MPI_Bcast.
// NPROCS: 3
// EXPECT: ok
// TWIN: coll/scenarios/root-minority-3ranks-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int root = 0;
    int value = (rank == root) ? 7 : 0;
    MPI_Bcast(&value, 1, MPI_INT, root, MPI_COMM_WORLD); // @bcast

    MPI_Finalize();
    return value != 7;
}
