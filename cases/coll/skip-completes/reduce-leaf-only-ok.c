// DESCRIPTION: Rank 1 contributes to an MPI_Reduce to root 0 and then sends rank 0 a message; rank 0 calls the MPI_Reduce and then receives the message.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int data[2] = {rank, rank}, token = 0;

    if (rank == 0) {
        MPI_Reduce(data, &token, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Reduce(data, &token, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD); // @coll
        MPI_Send(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    sink = token; /* what the rank received is read */
    MPI_Finalize();
    return 0;
}
