// DESCRIPTION: Each rank names the other as its only neighbour in MPI_Dist_graph_create_adjacent, sums the ranks on the new communicator, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/dist-graph-adjacent-leak-nok
// ORIGIN: interposition of every communicator and datatype constructor, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int other[1] = {1 - rank};
    MPI_Comm comm;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, other, MPI_UNWEIGHTED, 1, other, MPI_UNWEIGHTED, MPI_INFO_NULL,
                                   0, &comm); // @create
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm);
    MPI_Comm_free(&comm);

    MPI_Finalize();
    return sum != 1;
}
