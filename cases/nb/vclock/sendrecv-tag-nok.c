// DESCRIPTION: Both ranks swap a value with MPI_Sendrecv, sending with tag 1 but receiving only tag 2; neither receive ever matches.
// NPROCS: 2
// EXPECT: error nb.match.tag-mismatch
// EXPECT-AT: sendrecv
// TWIN: nb/vclock/sendrecv-swap-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §3.5: a receive matches a message only with the same tag (or MPI_ANY_TAG).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, in = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Sendrecv(&rank, 1, MPI_INT, 1 - rank, 1, &in, 1, MPI_INT, 1 - rank, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @sendrecv
    MPI_Finalize();
    return 0;
}
