// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a communicator with MPI_Comm_split, and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.communicator
// EXPECT-AT: create
// TWIN: res/leak-matrix/comm-split-freed-ok
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a communicator created and never freed as a resource leak (MBI: CommunicatorLeak). Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Comm comm;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &comm); // @create
    MPI_Barrier(comm);

    MPI_Finalize();
    return 0;
}
