// DESCRIPTION: Every rank stores into the send buffer of its pending MPI_Iallgather before MPI_Wait.
// NPROCS: 2
// EXPECT: error coll.buffer.access-during-nbc
// EXPECT-AT: iallgather store
// TWIN: coll/local-access/iallgather-sendbuf-store-after-wait-ok
// NOTE: MPI-3.1 §5.12: the buffers of a nonblocking collective must not be modified until it completes; the send buffer may be read, not written.
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int mine[2] = {rank, 10 * rank};
    int all[4] = {0};
    MPI_Request req;
    MPI_Iallgather(mine, 2, MPI_INT, all, 2, MPI_INT, MPI_COMM_WORLD, &req); // @iallgather
    mine[1] = -1; // @store
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank %d: %d %d %d %d\n", rank, all[0], all[1], all[2], all[3]);

    MPI_Finalize();
    return 0;
}
