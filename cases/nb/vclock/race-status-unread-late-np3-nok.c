// DESCRIPTION: Ranks 1-2 each send their rank to rank 0, which receives them with MPI_Recv on MPI_ANY_SOURCE into two statuses, makes other MPI calls (a barrier, a reduction), and then places the values in arrival order without reading the statuses.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/vclock/race-status-read-late-np3-ok
// NOTE: MPI-3.1 §3.5: messages from different senders are not ordered, so which message a wildcard receive matches depends on timing.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, got[2] = {0, 0}, value[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Status status[2];
    if (rank == 0) {
        for (int k = 0; k < 2; k++)
            MPI_Recv(&value[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status[k]); // @recv
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                               // @send
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int total = 0;
    MPI_Allreduce(&rank, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        for (int k = 0; k < 2; k++)
            got[k] = value[k]; /* assumes the k-th message came from rank k + 1 */
    MPI_Finalize();
    (void)got; /* not checked: the error leaves the data undefined */
    return 0;
}
