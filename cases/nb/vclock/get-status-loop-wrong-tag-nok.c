// DESCRIPTION: Rank 0 posts an MPI_Irecv for tag 2 and polls it with MPI_Request_get_status until it completes; rank 1 sends with tag 1, so the receive never matches and the loop never ends.
// NPROCS: 2
// EXPECT: error nb.match.tag-mismatch
// EXPECT-AT: irecv send
// TWIN: nb/vclock/get-status-loop-right-tag-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §3.5: a receive matches a message only with the same tag (or MPI_ANY_TAG); §3.7.3: MPI_Request_get_status keeps returning flag = false while the operation is not complete.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, value = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        int done = 0;
        MPI_Irecv(&value, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &req); // @irecv
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
