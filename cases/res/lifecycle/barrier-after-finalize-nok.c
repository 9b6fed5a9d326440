// DESCRIPTION: The program calls MPI_Barrier after MPI_Finalize.
// NPROCS: 2
// EXPECT: error res.lifecycle.call-outside-init
// EXPECT-AT: barrier
// TWIN: res/lifecycle/barrier-before-finalize-ok
// TAGS: crash
// NOTE: MPI-3.1 §8.7: once MPI_Finalize returns, no MPI routine other than MPI_Get_version, MPI_Get_library_version, MPI_Initialized, MPI_Finalized and the MPI_T functions may be called. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);

    MPI_Finalize();
    MPI_Barrier(MPI_COMM_WORLD); // @barrier
    return 0;
}
