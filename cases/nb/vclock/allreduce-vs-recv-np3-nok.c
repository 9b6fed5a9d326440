// DESCRIPTION: Ranks 0 and 2 enter MPI_Allreduce while rank 1 waits in MPI_Recv for a message rank 0 sends only after the collective.
// NPROCS: 3
// EXPECT: error nb.match.deadlock
// EXPECT-AT: allreduce recv
// TWIN: nb/vclock/send-before-allreduce-np3-ok
// TIMEOUT: 10
// TAGS: deadlock
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.14: a collective may or may not synchronise; a correct program must not deadlock when it does. Rank 2 waits in the collective too, outside the cycle.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 7, sum = 0;
    if (rank == 0) {
        MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);     // @allreduce
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    } else {
        MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
