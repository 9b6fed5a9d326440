// DESCRIPTION: Rank 0 broadcasts one int on MPI_COMM_WORLD as the root and then sends rank 1 a message; rank 1 broadcasts on its own one-process communicator from MPI_Comm_split instead, then receives the message.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: coll
// TWIN: coll/skip-completes/bcast-world-vs-split-ok
// TIMEOUT: 20
// NOTE: MPI-3.1 5.1: all processes of the communicator must call a collective; MPI may let some return before the others call it (a small Bcast or Scatter at the root, a Reduce at a leaf), so the program completes natively, and a checker must report instead of waiting for the missing call.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int data[2] = {rank, rank}, token = 0;
    MPI_Comm alone; /* rank 0 and rank 1 each alone in a communicator */
    MPI_Comm_split(MPI_COMM_WORLD, rank, 0, &alone);
    if (rank == 0) {
        MPI_Bcast(data, 1, MPI_INT, 0, MPI_COMM_WORLD); // @coll
        MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Bcast(data, 1, MPI_INT, 0, alone);
        MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Comm_free(&alone);
    sink = token; /* what the rank received is read */
    MPI_Finalize();
    return 0;
}
