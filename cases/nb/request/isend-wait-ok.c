// DESCRIPTION: Rank 0 sends with MPI_Isend and completes the request with MPI_Wait.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request/isend-no-wait-nok
// TAGS: smoke
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank == 0 ? 1 : 0;
    if (rank == 0) {
        MPI_Request request;
        MPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request); // @isend
        MPI_Wait(&request, MPI_STATUS_IGNORE);                         // @wait
    } else {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    int failed = value != 1;
    MPI_Finalize();
    return failed;
}
