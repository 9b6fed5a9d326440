// DESCRIPTION: Each rank starts an MPI_Irecv and an MPI_Isend with its neighbour and polls both with MPI_Testall in a loop until they complete.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/testall-loop-short-count-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int out = rank, in = -1, done = 0;
    int peer = 1 - rank;
    MPI_Request requests[2];
    MPI_Irecv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &requests[0]);
    MPI_Isend(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &requests[1]);
    while (!done)
        MPI_Testall(2, requests, &done, MPI_STATUSES_IGNORE);
    int failed = in != peer;
    MPI_Finalize();
    return failed;
}
