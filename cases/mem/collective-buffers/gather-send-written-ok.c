// DESCRIPTION: Each rank sends 2 ints to rank 0 with MPI_Gather; every rank wrote both.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/collective-buffers/gather-send-unwritten-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int mine[2], all[4];
    mine[0] = 10 * rank;
    mine[1] = 7;
    MPI_Gather(mine, 2, MPI_INT, all, 2, MPI_INT, 0, MPI_COMM_WORLD);
    int errors = 0;
    if (rank == 0) {
        volatile int last = all[3]; // read (received data is used)
        (void)last;
        errors = all[0] != 0 || all[1] != 7 || all[2] != 10;
    }
    MPI_Finalize();
    return errors;
}
