// DESCRIPTION: Two nonblocking collectives are started but MPI_Waitall is given a count of 1, so the MPI_Iallreduce is never completed.
// NPROCS: 2
// EXPECT: error coll.request.missing-completion
// EXPECT-AT: iallreduce waitall
// TWIN: coll/scenarios/waitall-full-count-ok
// NOTE: Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank, sum = 0, flag = (rank == 0);
    MPI_Request reqs[2];
    MPI_Ibcast(&flag, 1, MPI_INT, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Iallreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &reqs[1]); // @iallreduce
    /* The count should be 2. */
    MPI_Waitall(1, reqs, MPI_STATUSES_IGNORE); // @waitall

    MPI_Finalize();
    return 0;
}
