// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends one int with tag 1 on MPI_COMM_WORLD and rank 0 waits for it with MPI_Probe followed by MPI_Recv on tag 2, so the receive never matches and rank 0 blocks forever.
// NPROCS: 2
// EXPECT: error nb.match.tag-mismatch
// EXPECT-AT: send recv
// TWIN: nb/match-matrix/match-probe-right-tag-ok nb/match-matrix/match-probe-any-tag-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §3.5: a receive matches only messages with its source, tag and communicator; both MPI implementations block forever.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int value = -1;
        MPI_Status status;
        MPI_Probe(1, 2, MPI_COMM_WORLD, &status);           // @recv
        MPI_Recv(&value, 1, MPI_INT, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += value != 42;
    } else if (rank == 1) {
        int value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD); // @send
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
