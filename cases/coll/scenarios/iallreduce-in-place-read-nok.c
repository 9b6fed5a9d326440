// DESCRIPTION: Each rank reads the buffer of an in-place MPI_Iallreduce before waiting for it; with MPI_IN_PLACE the buffer is also the receive buffer.
// NPROCS: 2
// EXPECT: error coll.buffer.access-during-nbc
// EXPECT-AT: iallreduce read
// TWIN: coll/scenarios/iallreduce-in-place-read-after-wait-ok
// NOTE: MPI-3.1 §5.12: receive buffers must not be accessed until the collective completes. Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int values[2] = {rank, 1};
    MPI_Request req;
    MPI_Iallreduce(MPI_IN_PLACE, values, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @iallreduce
    int count = values[1]; // @read
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return count < 0;
}
