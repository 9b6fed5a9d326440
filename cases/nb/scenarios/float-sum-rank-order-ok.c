// DESCRIPTION: Rank 0 receives the doubles 1e16, 1 and -1e16 from ranks 1-3 with MPI_ANY_SOURCE, files each under status.MPI_SOURCE, and adds them up in rank order, so the sum does not depend on the arrival order.
// NPROCS: 4
// EXPECT: ok
// TWIN: nb/scenarios/float-sum-arrival-order-nok
// RUNS: 5
#include <mpi.h>

enum { SENDERS = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        double total = 0.0, parts[SENDERS];
        for (int k = 0; k < SENDERS; k++) {
            double part;
            MPI_Status status;
            MPI_Recv(&part, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status); // @recv
            parts[status.MPI_SOURCE - 1] = part;
        }
        for (int k = 0; k < SENDERS; k++)
            total += parts[k];
        errors += total != 0.0; /* the sum in rank order */
    } else {
        const double parts[SENDERS] = {1e16, 1.0, -1e16};
        MPI_Send(&parts[rank - 1], 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);          // @send
    }

    MPI_Finalize();
    return errors != 0;
}
