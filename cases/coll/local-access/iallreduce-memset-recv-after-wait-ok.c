// DESCRIPTION: Every rank clears the receive buffer of its MPI_Iallreduce with memset() after MPI_Wait completed it.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §5.12: the receive buffer of a nonblocking collective must not be accessed until the collective completes.
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double local[3] = {rank, rank + 1.0, rank + 2.0};
    double global[3];
    MPI_Request req;
    MPI_Iallreduce(local, global, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req); // @iallreduce
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    memset(global, 0, sizeof global); // @clear

    MPI_Finalize();
    return 0;
}
