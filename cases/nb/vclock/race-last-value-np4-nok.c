// DESCRIPTION: Ranks 1-3 each send rank + 1 to rank 0, which receives them on MPI_ANY_SOURCE ignoring the status and keeps the last value received, which depends on the arrival order.
// NPROCS: 4
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/vclock/race-product-np4-ok
// RUNS: 3
// NOTE: MPI-3.1 §3.5: messages from different senders are not ordered; the last one may come from any of the three senders.
#include <mpi.h>

enum { SENDERS = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int acc = 1;
        for (int k = 0; k < SENDERS; k++) {
            int v;
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
            acc = v;
        }
        errors += acc != 4;
    } else {
        const int v = rank + 1;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                     // @send
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
