// DESCRIPTION: Each process calls MPI_Finalize once and then asks MPI_Finalized and MPI_Initialized, which may be called at any time.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/lifecycle/finalize-twice-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);

    MPI_Finalize();
    int finalized = 0, initialized = 0;
    MPI_Finalized(&finalized);
    MPI_Initialized(&initialized);
    return !(finalized && initialized);
}
