// DESCRIPTION: Rank 0 broadcasts under `if (rank == 0)`, but the receiving side is guarded by `if (rank > 1)`, so rank 1 never calls MPI_Bcast.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: bcast
// TWIN: coll/scenarios/bcast-correlated-conditions-ok
// NOTE: MPI-3.1 §5.1: a collective is called by all processes of the communicator. The root's MPI_Bcast of one int may return without the other rank.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 0;
    if (rank == 0) {
        value = 42;
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD); // @bcast
    }
    if (rank > 1)
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
