// DESCRIPTION: Rank 0 posts an MPI_Irecv on MPI_ANY_SOURCE, polls it with MPI_Request_get_status until it is complete, then tells rank 2 to send and takes rank 2's message with a second wildcard receive before the MPI_Wait that frees the first request: rank 2's send happens after the first receive completed, so each wildcard receive has one possible sender.
// NPROCS: 3
// EXPECT: ok
// NOTE: MPI-3.1 §3.7.3: MPI_Request_get_status sets flag = true when the operation is complete, without freeing the request; the message it completed with is then fixed, whatever the later MPI_Wait.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0}, go = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        int done = 0;
        MPI_Irecv(&got[0], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &req);
        while (!done)
            MPI_Request_get_status(req, &done, MPI_STATUS_IGNORE);
        MPI_Send(&go, 1, MPI_INT, 2, 1, MPI_COMM_WORLD);
        MPI_Recv(&got[1], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        if (rank == 2) MPI_Recv(&go, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    const int failed = (rank == 0 && (got[0] != 1 || got[1] != 2)) || (rank == 2 && go != 1);
    MPI_Finalize();
    return failed;
}
