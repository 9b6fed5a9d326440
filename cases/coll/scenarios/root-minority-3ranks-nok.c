// DESCRIPTION: Ranks 0 and 1 broadcast from root 0 while rank 2 names root 1, so one of three ranks disagrees on the root of MPI_Bcast.
// NPROCS: 3
// EXPECT: error coll.arg.root-mismatch
// EXPECT-AT: bcast
// TWIN: coll/scenarios/root-minority-3ranks-ok
// NOTE: MPI-3.1 §5.4: root must have the same value on all processes. Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int root = (rank == 2) ? 1 : 0; /* rank 2 disagrees */
    int value = (rank == root) ? 7 : 0;
    MPI_Bcast(&value, 1, MPI_INT, root, MPI_COMM_WORLD); // @bcast

    MPI_Finalize();
    return 0;
}
