// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Ranks 1-3 each send their rank to rank 0, which receives them with MPI_Irecv requests completed by MPI_Waitany on MPI_ANY_SOURCE and checks each value against status.MPI_SOURCE.
// NPROCS: 4
// EXPECT: ok
// TWIN: nb/match-matrix/race-irecv-waitany-np4-any-source-nok
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
        int from[SENDERS];
        MPI_Request reqs[SENDERS];
        for (int k = 0; k < SENDERS; k++)
            MPI_Irecv(&from[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[k]); // @recv
        for (int done = 0; done < SENDERS; done++) {
            int which;
            MPI_Status status;
            MPI_Waitany(SENDERS, reqs, &which, &status);
            errors += from[which] != status.MPI_SOURCE;
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                // @send
    }

    MPI_Finalize();
    return errors != 0;
}
