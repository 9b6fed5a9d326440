// DESCRIPTION: A clean-up path asks MPI_Finalized whether MPI is still usable after MPI_Finalize, which is allowed.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/lifecycle/comm-size-after-finalize-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Finalize();

    int finalized = 0;
    MPI_Finalized(&finalized); // @size
    return !finalized;
}
