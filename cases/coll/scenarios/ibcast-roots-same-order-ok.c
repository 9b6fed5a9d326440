// DESCRIPTION: Both ranks start an MPI_Ibcast from root 0 then one from root 1, and wait for both.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/scenarios/ibcast-roots-swapped-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int from0 = (rank == 0) ? 10 : 0;
    int from1 = (rank == 1) ? 11 : 0;
    MPI_Request reqs[2];
    MPI_Ibcast(&from0, 1, MPI_INT, 0, MPI_COMM_WORLD, &reqs[0]); // @first
    MPI_Ibcast(&from1, 1, MPI_INT, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);

    MPI_Finalize();
    return from0 != 10 || from1 != 11;
}
