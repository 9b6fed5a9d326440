// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Ranks 1-3 each send their rank to rank 0, which receives them in rank order naming each source and appends them as decimal digits.
// NPROCS: 4
// EXPECT: ok
// TWIN: nb/match-matrix/race-digits-np4-any-source-nok
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
            MPI_Recv(&digit, 1, MPI_INT, k + 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
            number = 10 * number + digit;
        }
        errors += number != 123;
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                             // @send
    }

    MPI_Finalize();
    return errors != 0;
}
