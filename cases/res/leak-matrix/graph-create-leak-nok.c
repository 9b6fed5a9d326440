// DESCRIPTION: Each rank joins a two-node graph communicator made with MPI_Graph_create and sums the ranks on it, and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.communicator
// EXPECT-AT: create
// TWIN: res/leak-matrix/graph-create-freed-ok
// ORIGIN: interposition of every communicator and datatype constructor, 2026-11-29
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a communicator created and never freed as a resource leak (MBI: CommunicatorLeak). MPI_Graph_create (§7.5.3) creates a new communicator.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* two nodes, each the other's only neighbour */
    int index[2] = {1, 2}, edges[2] = {1, 0};
    MPI_Comm comm;
    MPI_Graph_create(MPI_COMM_WORLD, 2, index, edges, 0, &comm); // @create
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm);

    MPI_Finalize();
    return sum != 1;
}
