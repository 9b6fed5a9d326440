// DESCRIPTION: Ranks 1-3 each send their rank to rank 0, which posts three MPI_Irecv on MPI_ANY_SOURCE, completes them with MPI_Waitall, reads only the first status's MPI_SOURCE and assumes the other two messages arrived in rank order.
// NPROCS: 4
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/vclock/race-waitall-two-statuses-read-np4-ok
// NOTE: MPI-3.1 §3.5: messages from different senders are not ordered; the first status leaves two senders for the second and third receives.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, errors = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int from[3];
        MPI_Request reqs[3];
        MPI_Status statuses[3];
        for (int k = 0; k < 3; k++)
            MPI_Irecv(&from[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[k]); // @recv
        MPI_Waitall(3, reqs, statuses);
        int first = statuses[0].MPI_SOURCE;
        int second = first == 1 ? 2 : 1; /* assumes the other two arrived in rank order */
        int third = 6 - first - second;
        errors = (from[0] != first) | (from[1] != second) | (from[2] != third); /* | reads all three */
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                              // @send
    }
    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
