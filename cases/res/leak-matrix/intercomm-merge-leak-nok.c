// DESCRIPTION: Each rank, a group of its own, joins the other with MPI_Intercomm_create, merges the intercommunicator into an intracommunicator with MPI_Intercomm_merge and sums the ranks on it (the intercommunicator is freed), and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.communicator
// EXPECT-AT: create
// TWIN: res/leak-matrix/intercomm-merge-freed-ok
// ORIGIN: interposition of every communicator and datatype constructor, 2026-11-29
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a communicator created and never freed as a resource leak (MBI: CommunicatorLeak). MPI_Intercomm_merge (§6.6.2) creates a new communicator.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* each rank is a group of its own; the intercommunicator joins the two */
    MPI_Comm self, inter, merged;
    MPI_Comm_split(MPI_COMM_WORLD, rank, 0, &self);
    MPI_Intercomm_create(self, 0, MPI_COMM_WORLD, 1 - rank, 7, &inter);
    MPI_Intercomm_merge(inter, rank, &merged); // @create
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, merged);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&self);

    MPI_Finalize();
    return sum != 1;
}
