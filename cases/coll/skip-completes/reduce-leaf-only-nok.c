// DESCRIPTION: Rank 1 contributes to an MPI_Reduce to root 0 and then sends rank 0 a message; rank 0 never calls the MPI_Reduce and only receives the message.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: coll
// TWIN: coll/skip-completes/reduce-leaf-only-ok
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

    if (rank == 0) {
        MPI_Recv(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Reduce(data, &token, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD); // @coll
        MPI_Send(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    sink = token; /* what the rank received is read */
    MPI_Finalize();
    return 0;
}
