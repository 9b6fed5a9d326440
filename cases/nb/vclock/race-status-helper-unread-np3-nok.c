// DESCRIPTION: Ranks 1-2 each send their rank to rank 0, whose helper function receives one value with MPI_Recv on MPI_ANY_SOURCE into a local status and returns only the value; rank 0 assumes the k-th value came from rank k+1.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/vclock/race-status-helper-np3-ok
// NOTE: MPI-3.1 §3.5: messages from different senders are not ordered; the status dies with the helper's frame unread.
#include <mpi.h>

static int receive_value(void)
{
    int value;
    MPI_Status status;
    MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status); // @recv
    return value;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 2; k++)
            got[k] = receive_value(); /* assumes the k-th value came from rank k + 1 */
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                     // @send
    }
    MPI_Finalize();
    (void)got; /* not checked: the error leaves the data undefined */
    return 0;
}
