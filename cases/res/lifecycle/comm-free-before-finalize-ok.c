// DESCRIPTION: The program frees a duplicated communicator before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/lifecycle/comm-free-after-finalize-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Barrier(comm);

    MPI_Comm_free(&comm); // @free
    MPI_Finalize();
    return 0;
}
