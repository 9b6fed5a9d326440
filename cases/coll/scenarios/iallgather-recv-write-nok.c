// DESCRIPTION: Each rank clears its slot of the receive buffer of a pending MPI_Iallgather before waiting for it.
// NPROCS: 2
// EXPECT: error coll.buffer.access-during-nbc
// EXPECT-AT: iallgather write
// TWIN: coll/scenarios/iallgather-recv-write-before-start-ok
// NOTE: MPI-3.1 §5.12: receive buffers must not be accessed until the collective completes. Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int mine = 10 + rank;
    int all[2] = {-1, -1};
    MPI_Request req;
    MPI_Iallgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD, &req); // @iallgather
    all[rank] = 0; // @write
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
