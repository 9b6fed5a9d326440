// DESCRIPTION: Ranks 1-3 each send their rank to rank 0, which receives them on MPI_ANY_SOURCE ignoring the status and adds up their squares, a result that does not depend on the arrival order.
// NPROCS: 4
// EXPECT: ok
// TWIN: nb/vclock/race-running-sum-np4-nok
// RUNS: 3
#include <mpi.h>

enum { SENDERS = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int acc = 0, running[SENDERS] = {0, 0, 0};
        for (int k = 0; k < SENDERS; k++) {
            int v;
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
            acc += v * v;
        }
        running[SENDERS - 1] = acc;
        errors += running[SENDERS - 1] != 14;
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                  // @send
    }

    MPI_Finalize();
    return errors != 0;
}
