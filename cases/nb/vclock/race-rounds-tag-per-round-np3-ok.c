// DESCRIPTION: Ranks 1-2 each send two values to rank 0, one per round with the round as tag; rank 0 sums each round's two values received on MPI_ANY_SOURCE ignoring the status, so each round takes its own messages whatever the order.
// NPROCS: 3
// EXPECT: ok
// TWIN: nb/vclock/race-rounds-one-tag-np3-nok
// RUNS: 3
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
                MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, r, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
                acc += v;
            }
            sums[r] = acc;
        }
        errors += sums[0] != 3 || sums[1] != 30;
    } else {
        for (int r = 0; r < ROUNDS; r++) {
            const int v = r == 0 ? rank : 10 * rank;
            MPI_Send(&v, 1, MPI_INT, 0, r, MPI_COMM_WORLD);                                     // @send
        }
    }

    MPI_Finalize();
    return errors != 0;
}
