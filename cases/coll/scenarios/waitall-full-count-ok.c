// DESCRIPTION: Two nonblocking collectives are started and both are completed by one MPI_Waitall.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/scenarios/waitall-short-count-nok
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
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE); // @waitall

    MPI_Finalize();
    return sum != 1 || flag != 1;
}
