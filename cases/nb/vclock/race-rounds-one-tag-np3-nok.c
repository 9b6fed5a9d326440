// DESCRIPTION: Ranks 1-2 each send two values to rank 0, one per round, all with one tag; rank 0 sums each round's two values received on MPI_ANY_SOURCE ignoring the status, so a fast sender's second value can be taken in the first round.
// NPROCS: 3
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/vclock/race-rounds-tag-per-round-np3-ok
// RUNS: 3
// NOTE: MPI-3.1 §3.5: messages from different senders are not ordered; the first round sums 1 + 2 = 3 or, when rank 1's second message arrives before rank 2's first, 1 + 10 = 11.
#include <mpi.h>

enum { SENDERS = 2, ROUNDS = 2 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int sums[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            int acc = 0;
            for (int k = 0; k < SENDERS; k++) {
                int v;
                MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
                acc += v;
            }
            sums[r] = acc;
        }
        errors += sums[0] != 3 || sums[1] != 30;
    } else {
        for (int r = 0; r < ROUNDS; r++) {
            const int v = r == 0 ? rank : 10 * rank;
            MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                     // @send
        }
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
