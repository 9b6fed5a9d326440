// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends one int with tag 1 on MPI_COMM_WORLD and rank 0 waits for it with MPI_Irecv and an MPI_Test loop on tag 2, so the receive never matches and rank 0 blocks forever.
// NPROCS: 2
// EXPECT: error nb.match.tag-mismatch
// EXPECT-AT: send recv
// TWIN: nb/match-matrix/match-irecv-test-right-tag-ok nb/match-matrix/match-irecv-test-any-tag-ok
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
        MPI_Request req;
        MPI_Irecv(&value, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &req); // @recv
        int flag = 0;
        while (!flag)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        errors += value != 42;
    } else if (rank == 1) {
        int value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);        // @send
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
