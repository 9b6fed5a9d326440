// DESCRIPTION: Rank 1 sends one int with MPI_Isend and tag 1 and completes it (small messages are buffered), but rank 0 only receives tag 2 from a third message; the tag-1 message is never received before MPI_Finalize.
// NPROCS: 2
// EXPECT: error nb.match.tag-mismatch
// EXPECT-AT: isend
// TWIN: nb/vclock/isend-received-ok
// NOTE: MPI-3.1 §8.7: every communication a process started must be complete (its send matched) before MPI_Finalize.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int a = 1, b = 2, in = 0;
    if (rank == 1) {
        MPI_Request req;
        MPI_Isend(&a, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &req);                // @isend
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Send(&b, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&in, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = in;
    }
    MPI_Finalize();
    return 0;
}
