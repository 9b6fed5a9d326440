// DESCRIPTION: Each rank sends 2 ints to rank 0 with MPI_Gather; rank 1 wrote only the first of them.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: gather
// TWIN: mem/collective-buffers/gather-send-written-ok
// NOTE: MPI-3.1 §5.5: every process, the root included, sends its send buffer (sendcount x sendtype); rank 1's second int was never written.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int mine[2], all[4];
    mine[0] = 10 * rank;
    if (rank == 0)
        mine[1] = 7;
    MPI_Gather(mine, 2, MPI_INT, all, 2, MPI_INT, 0, MPI_COMM_WORLD); // @gather
    int errors = 0;
    if (rank == 0) {
        volatile int last = all[3]; // read, never used: the check is on rank 1's send
        (void)last;
        errors = all[0] != 0 || all[1] != 7 || all[2] != 10;
    }
    MPI_Finalize();
    return errors;
}
