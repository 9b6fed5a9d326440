// DESCRIPTION: Each rank creates a duplicate of MPI_COMM_WORLD with MPI_Comm_dup_with_info, synchronises on it, and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.communicator
// EXPECT-AT: create
// TWIN: res/leak-matrix/comm-dup-with-info-freed-ok
// ORIGIN: interposition of every communicator and datatype constructor, 2026-11-29
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a communicator created and never freed as a resource leak (MBI: CommunicatorLeak). MPI_Comm_dup_with_info (§6.4.2) creates a new communicator.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm comm;
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &comm); // @create
    MPI_Barrier(comm);

    MPI_Finalize();
    return 0;
}
