// DESCRIPTION: The ranks duplicate MPI_COMM_WORLD with MPI_Comm_idup, complete it, and call MPI_Reduce on the copy with root 0 on rank 0 and root 1 on rank 1, so each waits as a root for the other.
// NPROCS: 2
// EXPECT: error coll.arg.root-mismatch
// EXPECT-AT: reduce
// TWIN: coll/arg/idup-reduce-root-match-ok
// TAGS: deadlock
// TIMEOUT: 10
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.9.1: root must have identical values on all processes; the communicator of MPI_Comm_idup (§6.4.2) is usable once its request completes. The reduce line runs on both ranks.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Comm copy;
    MPI_Request request;
    MPI_Comm_idup(MPI_COMM_WORLD, &copy, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    int value = rank + 1, sum = 0;
    int root = rank;
    MPI_Reduce(&value, &sum, 1, MPI_INT, MPI_SUM, root, copy); // @reduce
    MPI_Comm_free(&copy);

    MPI_Finalize();
    return 0;
}
