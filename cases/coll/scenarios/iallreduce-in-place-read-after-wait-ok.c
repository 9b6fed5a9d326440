// DESCRIPTION: Each rank reads the buffer of an in-place MPI_Iallreduce after waiting for it.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/scenarios/iallreduce-in-place-read-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int values[2] = {rank, 1};
    MPI_Request req;
    MPI_Iallreduce(MPI_IN_PLACE, values, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req); // @iallreduce
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    int count = values[1]; // @read

    MPI_Finalize();
    return count != 2;
}
