// DESCRIPTION: The non-root rank passes the buffer of an MPI_Ibcast to a separate (noinline) function that sums it, after MPI_Wait completed the broadcast.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §5.12: at a non-root rank the buffer of MPI_Ibcast is a receive buffer and must not be accessed until the collective completes.
#include <mpi.h>

__attribute__((noinline)) static int total(const int *v, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += v[i]; // @load
    return s;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int params[4] = {0};
    if (rank == 0)
        for (int i = 0; i < 4; i++)
            params[i] = i + 1;
    int sum = 0;
    MPI_Request req;
    MPI_Ibcast(params, 4, MPI_INT, 0, MPI_COMM_WORLD, &req); // @ibcast
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (rank == 1)
        sum = total(params, 4);
    (void)sum;

    MPI_Finalize();
    return 0;
}
