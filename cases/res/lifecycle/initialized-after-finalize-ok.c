// DESCRIPTION: After MPI_Finalize the program asks MPI_Initialized whether MPI was started instead of starting it again, which is allowed.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/lifecycle/init-after-finalize-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Finalize();

    int initialized = 0;
    MPI_Initialized(&initialized); // @reinit
    return !initialized;
}
