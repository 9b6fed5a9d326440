// DESCRIPTION: Each rank gives one edge, to the other rank, to MPI_Dist_graph_create, sums the ranks on the new communicator, and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.communicator
// EXPECT-AT: create
// TWIN: res/leak-matrix/dist-graph-freed-ok
// ORIGIN: interposition of every communicator and datatype constructor, 2026-11-29
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a communicator created and never freed as a resource leak (MBI: CommunicatorLeak). MPI_Dist_graph_create (§7.5.4) creates a new communicator.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* each rank contributes its own edge: to the other rank */
    int source[1] = {rank}, degree[1] = {1}, destination[1] = {1 - rank};
    MPI_Comm comm;
    MPI_Dist_graph_create(MPI_COMM_WORLD, 1, source, degree, destination, MPI_UNWEIGHTED, MPI_INFO_NULL, 0,
                          &comm); // @create
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm);

    MPI_Finalize();
    return sum != 1;
}
