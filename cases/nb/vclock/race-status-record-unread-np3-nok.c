// DESCRIPTION: Ranks 1-2 each send their rank to rank 0, which receives them with MPI_Recv on MPI_ANY_SOURCE into records of value and status, but keeps only the value and assumes the k-th record came from rank k+1.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/vclock/race-status-record-np3-ok
// NOTE: MPI-3.1 §3.5: messages from different senders are not ordered, so which message a wildcard receive matches depends on timing.
#include <mpi.h>

struct arrival {
    int value;
    MPI_Status status;
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        struct arrival log[2];
        for (int k = 0; k < 2; k++) {
            MPI_Status status;
            MPI_Recv(&log[k].value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status); // @recv
        }
        for (int k = 0; k < 2; k++)
            got[k] = log[k].value; /* assumes record k came from rank k + 1 */
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                               // @send
    }
    MPI_Finalize();
    (void)got; /* not checked: the error leaves the data undefined */
    return 0;
}
