// DESCRIPTION: The program frees a duplicated communicator only after MPI_Finalize.
// NPROCS: 2
// EXPECT: error res.lifecycle.call-outside-init
// EXPECT-AT: free
// TWIN: res/lifecycle/comm-free-before-finalize-ok
// TAGS: crash
// NOTE: MPI-3.1 §8.7: once MPI_Finalize returns, no MPI routine other than MPI_Get_version, MPI_Get_library_version, MPI_Initialized, MPI_Finalized and the MPI_T functions may be called. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Barrier(comm);

    MPI_Finalize();
    MPI_Comm_free(&comm); // @free
    return 0;
}
