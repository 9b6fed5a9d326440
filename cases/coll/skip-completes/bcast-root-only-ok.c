// DESCRIPTION: Rank 0 broadcasts one int as the root and then sends rank 1 a message; rank 1 calls the MPI_Bcast and then receives the message.
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
        MPI_Bcast(data, 1, MPI_INT, 0, MPI_COMM_WORLD); // @coll
        MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Bcast(data, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    sink = token; /* what the rank received is read */
    MPI_Finalize();
    return 0;
}
