// DESCRIPTION: The program calls MPI_Init a second time after MPI_Finalize, to "restart" MPI.
// NPROCS: 2
// EXPECT: error res.lifecycle.call-outside-init
// EXPECT-AT: reinit
// TWIN: res/lifecycle/initialized-after-finalize-ok
// TAGS: crash
// NOTE: MPI-3.1 §8.7: once MPI_Finalize returns, no MPI routine (not even MPI_Init) may be called, except MPI_Get_version, MPI_Get_library_version, MPI_Initialized, MPI_Finalized and the MPI_T functions. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Finalize();

    MPI_Init(&argc, &argv); // @reinit
    MPI_Finalize();
    return 0;
}
