// DESCRIPTION: Every rank reads the receive buffer of its MPI_Iallreduce after MPI_Wait, and reads (without writing) the send buffer while it is pending.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/iallreduce-recv-read-before-wait-nok
// NOTE: MPI-3.1 §5.12: a pending collective's send buffer may be read, not modified.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int local = rank + 1, sum = 0, copy = 0;
    MPI_Request request;
    MPI_Iallreduce(&local, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request);
    copy = local;
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    int failed = sum != 3 || copy != rank + 1;
    MPI_Finalize();
    return failed;
}
