// DESCRIPTION: Every rank reads the first block of the receive buffer of its pending MPI_Ialltoall before MPI_Wait.
// NPROCS: 2
// EXPECT: error coll.buffer.access-during-nbc
// EXPECT-AT: ialltoall read
// TWIN: coll/static-precision/ialltoall-send-read-pending-ok
// NOTE: MPI-3.1 §5.12: the receive buffers of a pending nonblocking collective must not be accessed.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int out[2] = {rank * 10, rank * 10 + 1}, in[2] = {-1, -1};
    MPI_Request request;
    MPI_Ialltoall(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD, &request); // @ialltoall
    int seen = in[0];                                                          // @read
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    (void)seen;
    MPI_Finalize();
    return 0;
}
