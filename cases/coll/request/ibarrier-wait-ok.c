// DESCRIPTION: All four ranks start an MPI_Ibarrier and complete it with MPI_Wait.
// NPROCS: 4
// EXPECT: ok
// TWIN: coll/request/ibarrier-no-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);

    MPI_Request request;
    MPI_Ibarrier(MPI_COMM_WORLD, &request); // @ibarrier
    MPI_Wait(&request, MPI_STATUS_IGNORE);  // @wait

    MPI_Finalize();
    return 0;
}
