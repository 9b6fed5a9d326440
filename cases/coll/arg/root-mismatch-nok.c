// DESCRIPTION: Each rank passes its own rank as the root of one MPI_Bcast, so the ranks disagree on the root.
// NPROCS: 2
// EXPECT: error coll.arg.root-mismatch
// EXPECT-AT: bcast
// TWIN: coll/arg/root-match-ok
// TAGS: smoke
// NOTE: MPI-3.1 §5.4: root must have identical values on all processes. The bcast line runs on both ranks.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank == 0 ? 7 : 0;
    int root = rank;
    MPI_Bcast(&value, 1, MPI_INT, root, MPI_COMM_WORLD); // @bcast
    int received = value;
    (void)received;

    MPI_Finalize();
    return 0;
}
