// DESCRIPTION: Rank 1 computes (sleeps) for 3 seconds before sending to rank 0, which waits in MPI_Recv all that time; slow but correct, a deadlock watchdog must stay silent.
// NPROCS: 2
// EXPECT: ok
// TIMEOUT: 20
// NOTE: A rank that computes is not blocked in MPI; no wait-for cycle exists however long the receiver waits.
#include <mpi.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = -1;
    if (rank == 1) {
        sleep(3);
        value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    const int failed = value != 42;
    MPI_Finalize();
    return failed;
}
