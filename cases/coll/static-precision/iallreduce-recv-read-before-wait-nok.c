// DESCRIPTION: Every rank reads the receive buffer of its MPI_Iallreduce while the operation is pending, before MPI_Wait.
// NPROCS: 2
// EXPECT: error coll.buffer.access-during-nbc
// EXPECT-AT: iallreduce read
// TWIN: coll/static-precision/iallreduce-recv-read-after-wait-ok
// NOTE: MPI-3.1 §5.12: the receive buffers of a pending nonblocking collective must not be accessed.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int local = rank + 1, sum = 0, copy = 0;
    MPI_Request request;
    MPI_Iallreduce(&local, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request); // @iallreduce
    copy = sum;                                                                  // @read
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    (void)copy;
    MPI_Finalize();
    return 0;
}
