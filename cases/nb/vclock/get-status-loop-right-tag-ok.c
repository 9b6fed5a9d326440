// DESCRIPTION: Rank 0 posts an MPI_Irecv for tag 1 and polls it with MPI_Request_get_status until it completes; rank 1 sends with tag 1, which the receive matches.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/vclock/get-status-loop-wrong-tag-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, value = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        int done = 0;
        MPI_Irecv(&value, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        while (!done)
            MPI_Request_get_status(req, &done, MPI_STATUS_IGNORE);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD); // @send
    }
    const int failed = rank == 0 && value != 42;
    MPI_Finalize();
    return failed;
}
