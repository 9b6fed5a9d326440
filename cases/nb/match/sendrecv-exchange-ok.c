// DESCRIPTION: Two ranks exchange values with one MPI_Sendrecv each, which cannot deadlock.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/match/ssend-cycle-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int peer = 1 - rank;
    int out = rank + 1;
    int in = 0;
    MPI_Sendrecv(&out, 1, MPI_INT, peer, 0, &in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @sendrecv

    int failed = in != peer + 1;
    MPI_Finalize();
    return failed;
}
