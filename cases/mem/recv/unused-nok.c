// DESCRIPTION: Rank 1 receives a value and never reads it before MPI_Finalize.
// NPROCS: 2
// EXPECT: error mem.recv.unused
// EXPECT-AT: recv
// TWIN: mem/recv/read-ok
// NOTE: A warning-severity class: legal MPI, but the transfer was wasted (the memchecker thesis' unused-data check).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank == 0 ? 1 : 0;
    if (rank == 0)
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    else
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv

    MPI_Finalize();
    return 0;
}
