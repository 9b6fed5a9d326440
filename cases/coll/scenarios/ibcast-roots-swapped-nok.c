// DESCRIPTION: Rank 0 starts an MPI_Ibcast from root 0 then one from root 1, rank 1 starts them in the opposite order; both have the same signature, so they match crosswise.
// NPROCS: 2
// EXPECT: error coll.order.nbc-mismatch
// EXPECT-AT: rank0-first rank1-first
// TWIN: coll/scenarios/ibcast-roots-same-order-ok coll/scenarios/ibcast-two-comms-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §5.12: nonblocking collectives on a communicator are matched in the order they are started, which must be the same on all processes; here each matched pair also disagrees on the root. Natively hangs with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int from0 = (rank == 0) ? 10 : 0;
    int from1 = (rank == 1) ? 11 : 0;
    MPI_Request reqs[2];
    if (rank == 0) {
        MPI_Ibcast(&from0, 1, MPI_INT, 0, MPI_COMM_WORLD, &reqs[0]); // @rank0-first
        MPI_Ibcast(&from1, 1, MPI_INT, 1, MPI_COMM_WORLD, &reqs[1]);
    } else {
        MPI_Ibcast(&from1, 1, MPI_INT, 1, MPI_COMM_WORLD, &reqs[1]); // @rank1-first
        MPI_Ibcast(&from0, 1, MPI_INT, 0, MPI_COMM_WORLD, &reqs[0]);
    }
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);

    MPI_Finalize();
    return 0;
}
