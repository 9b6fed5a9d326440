// DESCRIPTION: Rank 0 starts an MPI_Ibcast on one communicator then one on a duplicate, rank 1 in the opposite order: the order only has to agree per communicator.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/scenarios/ibcast-roots-swapped-nok
// TAGS: smoke
// NOTE: MPI-3.1 §5.12: the ordering requirement holds per communicator, so starting operations on two communicators in different orders is correct.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Comm other;
    MPI_Comm_dup(MPI_COMM_WORLD, &other);
    int from0 = (rank == 0) ? 10 : 0;
    int from1 = (rank == 1) ? 11 : 0;
    MPI_Request reqs[2];
    if (rank == 0) {
        MPI_Ibcast(&from0, 1, MPI_INT, 0, MPI_COMM_WORLD, &reqs[0]); // @rank0-first
        MPI_Ibcast(&from1, 1, MPI_INT, 1, other, &reqs[1]);
    } else {
        MPI_Ibcast(&from1, 1, MPI_INT, 1, other, &reqs[1]); // @rank1-first
        MPI_Ibcast(&from0, 1, MPI_INT, 0, MPI_COMM_WORLD, &reqs[0]);
    }
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Comm_free(&other);

    MPI_Finalize();
    return from0 != 10 || from1 != 11;
}
