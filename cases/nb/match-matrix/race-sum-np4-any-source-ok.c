// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Ranks 1-3 each send their rank to rank 0, which receives them on MPI_ANY_SOURCE and adds them up, a result that does not depend on the arrival order.
// NPROCS: 4
// EXPECT: ok
// TWIN: nb/match-matrix/race-digits-np4-any-source-nok
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
        int number = 0;
        for (int k = 0; k < SENDERS; k++) {
            int digit;
            MPI_Recv(&digit, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
            number += digit;
        }
        errors += number != 6;
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                      // @send
    }

    MPI_Finalize();
    return errors != 0;
}
