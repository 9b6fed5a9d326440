// DESCRIPTION: Rank 0 starts an MPI_Ibarrier while the other ranks start an MPI_Ibcast: different nonblocking collectives at the same position.
// NPROCS: 2
// EXPECT: error coll.order.nbc-mismatch
// EXPECT-AT: ibarrier ibcast
// TWIN: coll/static-precision/ibarrier-both-branches-ok
// TAGS: deadlock
// TIMEOUT: 5
// NOTE: MPI-3.1 §5.12: nonblocking collectives are matched in the order they are started, like blocking ones; all ranks must start the same sequence.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Request request;
    int work = 0;
    if (rank == 0) {
        MPI_Ibarrier(MPI_COMM_WORLD, &request); // @ibarrier
        for (int i = 0; i < 10; i++)
            work += i;
    } else {
        MPI_Ibcast(&work, 1, MPI_INT, 0, MPI_COMM_WORLD, &request); // @ibcast
    }
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
