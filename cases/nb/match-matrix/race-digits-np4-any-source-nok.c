// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Ranks 1-3 each send their rank to rank 0, which receives them on MPI_ANY_SOURCE and appends them as decimal digits, so the number depends on the arrival order.
// NPROCS: 4
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/match-matrix/race-digits-np4-explicit-source-ok nb/match-matrix/race-sum-np4-any-source-ok
// RUNS: 5
// NOTE: MPI-3.1 §3.5: messages from different senders are not ordered, so which message a wildcard receive matches depends on timing.
#include <mpi.h>

enum { SENDERS = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int number = 0;
        for (int k = 0; k < SENDERS; k++) {
            int digit;
            MPI_Recv(&digit, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
            number = 10 * number + digit;
        }
        errors += number != 123;
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                      // @send
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
