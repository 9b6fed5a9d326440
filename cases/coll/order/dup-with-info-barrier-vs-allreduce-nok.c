// DESCRIPTION: On a copy of MPI_COMM_WORLD made with MPI_Comm_dup_with_info, rank 0 calls MPI_Barrier while rank 1 calls MPI_Allreduce.
// NPROCS: 2
// EXPECT: error coll.order.mismatch
// EXPECT-AT: barrier allreduce
// TWIN: coll/order/dup-with-info-allreduce-everywhere-ok
// TAGS: deadlock
// TIMEOUT: 10
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.13: all processes of a communicator must call its collective operations in the same order; MPI_Comm_dup_with_info is MPI_Comm_dup with hints (§6.4.2).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Comm copy;
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &copy);
    int value = 1, sum = 0;
    if (rank == 0)
        MPI_Barrier(copy);                                              // @barrier
    else
        MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, copy);        // @allreduce
    MPI_Comm_free(&copy);

    MPI_Finalize();
    return 0;
}
