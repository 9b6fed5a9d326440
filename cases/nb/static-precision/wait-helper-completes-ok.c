// DESCRIPTION: Rank 0 hands its MPI_Isend request to a helper that queries it with MPI_Request_get_status and then completes it with MPI_Wait.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/get-status-helper-no-wait-nok
#include <mpi.h>

static int query(MPI_Request *request)
{
    int flag = 0;
    MPI_Request_get_status(*request, &flag, MPI_STATUS_IGNORE);
    MPI_Wait(request, MPI_STATUS_IGNORE);
    return flag;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 3, failed = 0;
    if (rank == 0) {
        MPI_Request request;
        MPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request);
        (void)query(&request);
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        failed = value != 3;
    }
    MPI_Finalize();
    return failed;
}
