// DESCRIPTION: Every rank starts an MPI_Iallreduce and completes it in a helper function that calls MPI_Wait.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/iallreduce-helper-only-tests-nok
#include <mpi.h>

static void finish(MPI_Request *request) { MPI_Wait(request, MPI_STATUS_IGNORE); }

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int local = rank + 1, sum = 0;
    MPI_Request request;
    MPI_Iallreduce(&local, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request);
    finish(&request);
    int failed = sum != 3;
    MPI_Finalize();
    return failed;
}
