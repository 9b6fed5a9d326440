// DESCRIPTION: Ranks 1-3 send the doubles 1e16, 1 and -1e16 to rank 0, which receives them on MPI_ANY_SOURCE ignoring the status and adds them up in double precision, where rounding makes the sum 0 or 1 depending on the arrival order.
// NPROCS: 4
// EXPECT: error nb.match.message-race
// EXPECT-AT: recv send
// TWIN: nb/vclock/race-integer-sum-np4-ok
// RUNS: 3
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
        double total = 0;
        for (int k = 0; k < SENDERS; k++) {
            double part;
            MPI_Recv(&part, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
            total += part;
        }
        errors += total != 1;
    } else {
        const double parts[SENDERS] = {1e16, 1, -1e16};
        MPI_Send(&parts[rank - 1], 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);                       // @send
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
