// DESCRIPTION: Each rank gives one edge, to the other rank, to MPI_Dist_graph_create, sums the ranks on the new communicator, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/dist-graph-leak-nok
// ORIGIN: interposition of every communicator and datatype constructor, 2026-11-29
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
    MPI_Comm_free(&comm);

    MPI_Finalize();
    return sum != 1;
}
