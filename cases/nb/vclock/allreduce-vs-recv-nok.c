// DESCRIPTION: Rank 0 enters MPI_Allreduce before sending, while rank 1 waits in MPI_Recv for that message before its MPI_Allreduce.
// NPROCS: 2
// EXPECT: error nb.match.deadlock
// EXPECT-AT: allreduce recv
// TWIN: nb/vclock/send-before-allreduce-ok
// TIMEOUT: 10
// TAGS: deadlock
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.14: a collective may or may not synchronise; a correct program must not deadlock when it does, and MPI_Allreduce cannot complete before rank 1 contributes.
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
    } else {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
