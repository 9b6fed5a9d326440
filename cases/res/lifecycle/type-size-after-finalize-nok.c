// DESCRIPTION: Each process finalizes MPI and then asks for the size of MPI_INT with MPI_Type_size.
// NPROCS: 2
// EXPECT: error res.lifecycle.call-outside-init
// EXPECT-AT: size
// TWIN: res/lifecycle/type-size-before-finalize-ok
// TAGS: crash
// TIMEOUT: 10
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §8.7: once MPI_Finalize returns, no MPI routine other than MPI_Get_version, MPI_Get_library_version, MPI_Initialized, MPI_Finalized and the MPI_T functions may be called. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);

    MPI_Finalize();
    int size = 0;
    MPI_Type_size(MPI_INT, &size); // @size
    return 0;
}
