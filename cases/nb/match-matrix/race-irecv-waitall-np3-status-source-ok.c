// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Ranks 1-2 each send their rank to rank 0, which receives them with MPI_Irecv requests completed by MPI_Waitall on MPI_ANY_SOURCE and checks each value against status.MPI_SOURCE.
// NPROCS: 3
// EXPECT: ok
// TWIN: nb/match-matrix/race-irecv-waitall-np3-any-source-nok
// RUNS: 5
#include <mpi.h>

enum { SENDERS = 2 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int from[SENDERS];
        MPI_Request reqs[SENDERS];
        MPI_Status statuses[SENDERS];
        for (int k = 0; k < SENDERS; k++)
            MPI_Irecv(&from[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[k]); // @recv
        MPI_Waitall(SENDERS, reqs, statuses);
        for (int k = 0; k < SENDERS; k++)
            errors += from[k] != statuses[k].MPI_SOURCE;
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                                // @send
    }

    MPI_Finalize();
    return errors != 0;
}
