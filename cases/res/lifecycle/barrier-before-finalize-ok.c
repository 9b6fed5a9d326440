// DESCRIPTION: The program calls MPI_Barrier just before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/lifecycle/barrier-after-finalize-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);

    MPI_Barrier(MPI_COMM_WORLD); // @barrier
    MPI_Finalize();
    return 0;
}
