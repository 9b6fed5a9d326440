// DESCRIPTION: Rank 0 enters MPI_Barrier before sending, while rank 1 waits in MPI_Recv for that message before its barrier.
// NPROCS: 2
// EXPECT: error nb.match.deadlock
// EXPECT-AT: barrier recv
// TWIN: nb/vclock/send-before-barrier-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §5.3: the barrier completes only when every member has entered it; rank 1 never does.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 7;
    if (rank == 0) {
        MPI_Barrier(MPI_COMM_WORLD);                                          // @barrier
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
