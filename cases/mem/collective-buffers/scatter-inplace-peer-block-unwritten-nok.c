// DESCRIPTION: Rank 0 scatters 2-int blocks with MPI_IN_PLACE as its receive buffer; the block for rank 1 has one int never written, rank 0's own block is written in full. Rank 1 passes NULL as the send buffer, which only the root uses.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: scatter
// TWIN: mem/collective-buffers/scatter-inplace-own-block-unwritten-ok
// NOTE: MPI-3.1 §5.6: with MPI_IN_PLACE at the root, the root's own block of the send buffer is not moved; the other blocks are sent.
#include <mpi.h>
#include <stddef.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;
    if (rank == 0) {
        int blocks[4];
        const int full = 0, half = 1; // block indices: written in full, first int only
        blocks[2 * full] = 5;
        blocks[2 * full + 1] = 6;
        blocks[2 * half] = 7;
        MPI_Scatter(blocks, 2, MPI_INT, MPI_IN_PLACE, 2, MPI_INT, 0, MPI_COMM_WORLD); // @scatter
        errors = blocks[2 * full] == 0;
    } else {
        int mine[2];
        MPI_Scatter(NULL, 0, MPI_DATATYPE_NULL, mine, 2, MPI_INT, 0, MPI_COMM_WORLD);
        volatile int seen = mine[0] + mine[1]; // read
        (void)seen;
        errors = mine[0] == 0;
    }
    MPI_Finalize();
    return errors;
}
