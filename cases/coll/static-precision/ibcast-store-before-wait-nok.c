// DESCRIPTION: Rank 0 updates the buffer of its MPI_Ibcast while the broadcast is pending, before MPI_Wait.
// NPROCS: 2
// EXPECT: error coll.buffer.access-during-nbc
// EXPECT-AT: ibcast store
// TWIN: coll/static-precision/ibcast-store-after-wait-ok
// NOTE: MPI-3.1 §5.12: the send buffer of a pending nonblocking collective must not be modified.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = rank == 0 ? 8 : 0;
    MPI_Request request;
    MPI_Ibcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD, &request); // @ibcast
    if (rank == 0)
        value = 9; // @store
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
