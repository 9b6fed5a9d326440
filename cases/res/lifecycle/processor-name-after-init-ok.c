// DESCRIPTION: Each process calls MPI_Get_version before MPI_Init, which is allowed, and MPI_Get_processor_name after it.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/lifecycle/processor-name-before-init-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    char name[MPI_MAX_PROCESSOR_NAME];
    int length = 0, major = 0, minor = 0;
    MPI_Get_version(&major, &minor);
    MPI_Init(&argc, &argv);
    MPI_Get_processor_name(name, &length); // @name

    MPI_Finalize();
    return length <= 0;
}
