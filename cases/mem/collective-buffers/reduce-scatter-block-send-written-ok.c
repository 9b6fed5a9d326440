// DESCRIPTION: Two ranks reduce 2 blocks of one int and scatter the result (MPI_Reduce_scatter_block); each wrote both blocks.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/collective-buffers/reduce-scatter-block-send-unwritten-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int blocks_written = 2;
    int in[2], mine = -1;
    for (int i = 0; i < blocks_written; i++)
        in[i] = rank + 10 * i;
    MPI_Reduce_scatter_block(in, &mine, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    volatile int seen = mine; // read
    (void)seen;
    int errors = rank == 0 && mine != 1;
    MPI_Finalize();
    return errors;
}
