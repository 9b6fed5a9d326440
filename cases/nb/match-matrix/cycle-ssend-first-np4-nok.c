// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Each of 4 ranks in a ring calls MPI_Ssend to its right neighbour and then MPI_Recv from its left one, so every rank waits in MPI_Ssend for a receive that is never posted.
// NPROCS: 4
// EXPECT: error nb.match.deadlock
// EXPECT-AT: send
// TWIN: nb/match-matrix/cycle-sendrecv-np4-ok nb/match-matrix/cycle-irecv-first-np4-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI_Ssend, MPI_Recv, MPI_Probe and MPI_Wait on these requests cannot complete before the partner's matching call (MPI-3.1 §3.4, §3.7.3, §3.8.1), so the cycle blocks forever on every implementation. The marked lines are where each rank blocks (and the call that posted what MPI_Wait waits for); the calls after them are never reached.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    int mine = 100 + rank, theirs = -1;
    MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD);                    // @send
    MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
    errors += theirs != 100 + left;

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
