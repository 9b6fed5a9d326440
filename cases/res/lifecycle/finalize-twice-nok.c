// DESCRIPTION: Each process calls MPI_Finalize a second time after MPI_Finalized reported that MPI is finalized.
// NPROCS: 2
// EXPECT: error res.lifecycle.call-outside-init
// EXPECT-AT: second
// TWIN: res/lifecycle/finalize-once-checked-ok
// TAGS: crash
// TIMEOUT: 10
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §8.7: once MPI_Finalize returns, no MPI routine other than MPI_Get_version, MPI_Get_library_version, MPI_Initialized, MPI_Finalized and the MPI_T functions may be called, MPI_Finalize included. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);

    MPI_Finalize();
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized)
        MPI_Finalize(); // @second
    return 0;
}
