// DESCRIPTION: Every rank starts two MPI_Ibcast into a request array and polls both with MPI_Testall in a loop until they complete.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/ibcast-testall-short-count-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int a = rank == 0 ? 5 : 0, b = rank == 0 ? 6 : 0, done = 0;
    MPI_Request requests[2];
    MPI_Ibcast(&a, 1, MPI_INT, 0, MPI_COMM_WORLD, &requests[0]);
    MPI_Ibcast(&b, 1, MPI_INT, 0, MPI_COMM_WORLD, &requests[1]);
    while (!done)
        MPI_Testall(2, requests, &done, MPI_STATUSES_IGNORE);
    int failed = a != 5 || b != 6;
    MPI_Finalize();
    return failed;
}
