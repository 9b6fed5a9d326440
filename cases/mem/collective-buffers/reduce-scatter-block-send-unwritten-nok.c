// DESCRIPTION: Two ranks reduce 2 blocks of one int and scatter the result (MPI_Reduce_scatter_block); rank 0 never wrote the block whose sum goes to rank 1.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: reduce-scatter
// TWIN: mem/collective-buffers/reduce-scatter-block-send-written-ok
// NOTE: MPI-3.1 §5.10.1: every process's send buffer holds n x recvcount elements, all of them input to the reduction.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int blocks_written = rank == 0 ? 1 : 2;
    int in[2], mine = -1;
    for (int i = 0; i < blocks_written; i++)
        in[i] = rank + 10 * i;
    MPI_Reduce_scatter_block(in, &mine, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @reduce-scatter
    volatile int seen = mine; // read
    (void)seen;
    int errors = rank == 0 && mine != 1;
    MPI_Finalize();
    return errors;
}
