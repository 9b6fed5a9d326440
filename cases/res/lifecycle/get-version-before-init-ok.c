// DESCRIPTION: The program queries the MPI version with MPI_Get_version before it calls MPI_Init, which is allowed.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/lifecycle/wtime-before-init-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    int version = 0, subversion = 0;
    MPI_Get_version(&version, &subversion); // @version
    MPI_Init(&argc, &argv);

    MPI_Finalize();
    return version < 3;
}
