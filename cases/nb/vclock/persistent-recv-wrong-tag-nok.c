// DESCRIPTION: Rank 0 receives with a persistent request made by MPI_Recv_init for tag 2, started by MPI_Start and completed by MPI_Wait; rank 1 sends with tag 1, so the started receive never matches.
// NPROCS: 2
// EXPECT: error nb.match.tag-mismatch
// EXPECT-AT: start send
// TWIN: nb/vclock/persistent-recv-right-tag-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §3.9: MPI_Start on a persistent receive request starts a receive as MPI_Irecv with the same arguments would; §3.5: it matches a message only with the same tag (or MPI_ANY_TAG).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, value = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        MPI_Recv_init(&value, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &req);
        MPI_Start(&req);                   // @start
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
    } else if (rank == 1) {
        value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD); // @send
    }
    const int failed = rank == 0 && value != 42;
    MPI_Finalize();
    return failed;
}
