// DESCRIPTION: Rank 0 adds up the doubles 1e16, 1 and -1e16 sent by ranks 1-3 in the order MPI_ANY_SOURCE receives deliver them; rounding makes the sum 0 or 1 depending on the arrival order.
// NPROCS: 4
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/scenarios/float-sum-rank-order-ok
// RUNS: 5
// NOTE: MPI-3.1 §3.5: messages from different senders are not ordered, and floating-point addition is not associative: (1e16 + 1) - 1e16 is 0 but (1e16 - 1e16) + 1 is 1.
#include <mpi.h>

enum { SENDERS = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        double total = 0.0;
        for (int k = 0; k < SENDERS; k++) {
            double part;
            MPI_Status status;
            MPI_Recv(&part, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status); // @recv
            total += part;
        }
        errors += total != 0.0; /* the sum in rank order */
    } else {
        const double parts[SENDERS] = {1e16, 1.0, -1e16};
        MPI_Send(&parts[rank - 1], 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);          // @send
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
