// DESCRIPTION: The program starts a timer with MPI_Wtime before it calls MPI_Init.
// NPROCS: 2
// EXPECT: error res.lifecycle.call-outside-init
// EXPECT-AT: wtime
// TWIN: res/lifecycle/get-version-before-init-ok
// TAGS: crash-mpich
// NOTE: MPI-3.1 §8.7: before MPI_Init only MPI_Get_version, MPI_Get_library_version, MPI_Initialized, MPI_Finalized and the MPI_T functions may be called; MPI_Wtime is not among them. Natively completes with Open MPI and aborts with MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    double start = MPI_Wtime(); // @wtime
    MPI_Init(&argc, &argv);
    double elapsed = MPI_Wtime() - start;

    MPI_Finalize();
    return elapsed < 0.0;
}
