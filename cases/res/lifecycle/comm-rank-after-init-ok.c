// DESCRIPTION: The program asks for its rank with MPI_Comm_rank right after MPI_Init.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/lifecycle/comm-rank-before-init-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank); // @rank

    MPI_Finalize();
    return rank < 0;
}
