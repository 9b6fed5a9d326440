// DESCRIPTION: Each rank clears its receive buffer before it starts MPI_Iallgather and reads it after waiting.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/scenarios/iallgather-recv-write-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int mine = 10 + rank;
    int all[2] = {-1, -1};
    all[rank] = 0; // @write
    MPI_Request req;
    MPI_Iallgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD, &req); // @iallgather
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return all[0] != 10 || all[1] != 11;
}
