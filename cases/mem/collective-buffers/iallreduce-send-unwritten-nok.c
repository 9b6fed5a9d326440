// DESCRIPTION: Two ranks sum 2 ints with the nonblocking MPI_Iallreduce; rank 1 wrote only the first of its 2.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: iallreduce
// TWIN: mem/collective-buffers/iallreduce-send-written-ok
// NOTE: MPI-3.1 §5.12.8: the nonblocking form has the buffers of MPI_Allreduce (§5.9.6); every process's send buffer is input to the sum.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int written = rank == 1 ? 1 : 2; // ints of the send buffer written
    int in[2], sum[2];
    for (int i = 0; i < written; i++)
        in[i] = rank + i;
    MPI_Request req;
    MPI_Iallreduce(in, sum, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @iallreduce
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    volatile int seen = sum[1]; // read
    (void)seen;
    int errors = sum[0] != 1;
    MPI_Finalize();
    return errors;
}
