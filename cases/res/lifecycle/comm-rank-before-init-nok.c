// DESCRIPTION: The program asks for its rank with MPI_Comm_rank before it calls MPI_Init.
// NPROCS: 2
// EXPECT: error res.lifecycle.call-outside-init
// EXPECT-AT: rank
// TWIN: res/lifecycle/comm-rank-after-init-ok
// TAGS: crash
// NOTE: MPI-3.1 §8.7: before MPI_Init only MPI_Get_version, MPI_Get_library_version, MPI_Initialized, MPI_Finalized and the MPI_T functions may be called. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank); // @rank
    MPI_Init(&argc, &argv);

    MPI_Finalize();
    return 0;
}
