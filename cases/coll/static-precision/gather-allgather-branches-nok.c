// DESCRIPTION: Rank 0 calls MPI_Gather while the other ranks call MPI_Allgather at the same position.
// NPROCS: 2
// EXPECT: error coll.order.mismatch
// EXPECT-AT: gather allgather
// TWIN: coll/static-precision/gather-both-branches-ok
// TAGS: deadlock
// TIMEOUT: 5
// NOTE: MPI-3.1 §5.13: all processes of a communicator must call the same collective operations in the same order.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int mine = rank * 2, all[2] = {-1, -1};
    if (rank == 0) {
        MPI_Gather(&mine, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD); // @gather
    } else {
        MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD); // @allgather
    }
    MPI_Finalize();
    return 0;
}
