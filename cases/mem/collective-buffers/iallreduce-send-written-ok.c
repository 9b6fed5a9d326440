// DESCRIPTION: Two ranks sum 2 ints with the nonblocking MPI_Iallreduce; each wrote both.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/collective-buffers/iallreduce-send-unwritten-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int written = 2; // ints of the send buffer written
    int in[2], sum[2];
    for (int i = 0; i < written; i++)
        in[i] = rank + i;
    MPI_Request req;
    MPI_Iallreduce(in, sum, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    volatile int seen = sum[1]; // read
    (void)seen;
    int errors = sum[0] != 1;
    MPI_Finalize();
    return errors;
}
