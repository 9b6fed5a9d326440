// DESCRIPTION: Rank 1 computes, then finalizes without sending; rank 0 waits in MPI_Recv for a message from rank 1 that is never sent.
// NPROCS: 2
// EXPECT: error nb.match.deadlock
// EXPECT-AT: recv
// TWIN: nb/vclock/slow-sender-recv-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §3.4: a receive completes only when a matching message arrives; none is ever sent.
#include <mpi.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = -1;
    if (rank == 1) {
        sleep(1);
    } else {
        MPI_Recv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
    }
    MPI_Finalize();
    return 0;
}
