// DESCRIPTION: The root of a pending MPI_Igatherv changes an entry of its displacement array through a pointer before MPI_Wait.
// NPROCS: 2
// EXPECT: error coll.buffer.access-during-nbc
// EXPECT-AT: igatherv store
// TWIN: coll/local-access/igatherv-displs-store-after-wait-ok
// NOTE: MPI-3.1 §5.12: the count and displacement arrays of a nonblocking collective must not be modified until it completes.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int mine[2] = {rank, rank};
    int all[4] = {0};
    int counts[2] = {2, 2}, displs[2] = {0, 2};
    int *cursor = displs + 1;
    MPI_Request req;
    MPI_Igatherv(mine, 2, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD, &req); // @igatherv
    if (rank == 0)
        *cursor = 0; // @store
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
