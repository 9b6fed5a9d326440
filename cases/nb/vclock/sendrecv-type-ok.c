// DESCRIPTION: Both ranks swap two ints with MPI_Sendrecv; the type signatures match.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank;
    int out[2] = {1, 2};
    int in[2] = {0, 0};
    MPI_Sendrecv(out, 2, MPI_INT, peer, 0, in, 2, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    const int failed = in[0] != 1 || in[1] != 2;
    MPI_Finalize();
    return failed;
}
