// DESCRIPTION: Each process asks for its processor name with MPI_Get_processor_name before it calls MPI_Init.
// NPROCS: 2
// EXPECT: error res.lifecycle.call-outside-init
// EXPECT-AT: name
// TWIN: res/lifecycle/processor-name-after-init-ok
// TAGS: crash
// TIMEOUT: 10
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §8.7: before MPI_Init only MPI_Get_version, MPI_Get_library_version, MPI_Initialized, MPI_Finalized and the MPI_T functions may be called. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    char name[MPI_MAX_PROCESSOR_NAME];
    int length = 0;
    MPI_Get_processor_name(name, &length); // @name
    MPI_Init(&argc, &argv);

    MPI_Finalize();
    return 0;
}
