// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Each of 2 ranks probes and receives before sending, except rank 0, which sends first, so the chain unwinds from rank 0.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/match-matrix/cycle-probe-first-np2-nok
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
    MPI_Status status;
    if (rank == 0) {
        MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD); // @send
        MPI_Probe(left, 0, MPI_COMM_WORLD, &status);            // @probe
        MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Probe(left, 0, MPI_COMM_WORLD, &status);
        MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    }
    errors += theirs != 100 + left;

    MPI_Finalize();
    return errors != 0;
}
