// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Ranks 1-2 each send their rank to rank 0, which receives them with MPI_Irecv requests completed by MPI_Waitall on MPI_ANY_SOURCE and assumes the k-th value comes from rank k+1.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/match-matrix/race-irecv-waitall-np3-explicit-source-ok nb/match-matrix/race-irecv-waitall-np3-status-source-ok
// RUNS: 5
// NOTE: MPI-3.1 §3.5: messages from different senders are not ordered, so which message a wildcard receive matches depends on timing.
#include <mpi.h>

enum { SENDERS = 2 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int from[SENDERS];
        MPI_Request reqs[SENDERS];
        MPI_Status statuses[SENDERS];
        for (int k = 0; k < SENDERS; k++)
            MPI_Irecv(&from[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[k]); // @recv
        MPI_Waitall(SENDERS, reqs, statuses);
        for (int k = 0; k < SENDERS; k++)
            errors += from[k] != k + 1; /* assumes slot k holds rank k + 1 */
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                // @send
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
