// DESCRIPTION: Ranks 1-3 send the integers 10^16, 1 and -10^16 to rank 0, which receives them on MPI_ANY_SOURCE ignoring the status and adds them up in 64-bit integers, exact in any order.
// NPROCS: 4
// EXPECT: ok
// TWIN: nb/vclock/race-double-sum-np4-nok
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
        long long total = 0;
        for (int k = 0; k < SENDERS; k++) {
            long long part;
            MPI_Recv(&part, 1, MPI_LONG_LONG, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
            total += part;
        }
        errors += total != 1;
    } else {
        const long long parts[SENDERS] = {10000000000000000LL, 1, -10000000000000000LL};
        MPI_Send(&parts[rank - 1], 1, MPI_LONG_LONG, 0, 0, MPI_COMM_WORLD);                       // @send
    }

    MPI_Finalize();
    return errors != 0;
}
