// DESCRIPTION: A loop starts an MPI_Ibarrier per iteration and completes each before the next one starts.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/scenarios/ibarrier-loop-last-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Request req;
    for (int step = 0; step < 3; ++step) {
        MPI_Ibarrier(MPI_COMM_WORLD, &req); // @ibarrier
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    return 0;
}
