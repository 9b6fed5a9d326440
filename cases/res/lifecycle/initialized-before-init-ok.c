// DESCRIPTION: The program checks MPI_Initialized before it calls MPI_Init and initialises only when needed, which is allowed.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    int initialized = 0;
    MPI_Initialized(&initialized); // @check
    if (!initialized)
        MPI_Init(&argc, &argv);

    MPI_Finalize();
    return 0;
}
