// DESCRIPTION: A clean-up path asks MPI_Comm_size for the number of ranks after MPI_Finalize.
// NPROCS: 2
// EXPECT: error res.lifecycle.call-outside-init
// EXPECT-AT: size
// TWIN: res/lifecycle/finalized-after-finalize-ok
// TAGS: crash
// NOTE: MPI-3.1 §8.7: once MPI_Finalize returns, no MPI routine other than MPI_Get_version, MPI_Get_library_version, MPI_Initialized, MPI_Finalized and the MPI_T functions may be called. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Finalize();

    int size = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &size); // @size
    return 0;
}
