// DESCRIPTION: Each rank exchanges 2-int blocks in place (MPI_Alltoall with MPI_IN_PLACE); the block it sends to its peer is written in full, its own block, which is not sent, has one int never written.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/collective-buffers/alltoall-inplace-peer-block-unwritten-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int peer = 1 - rank;
    int blocks[4];
    const int full = peer, half = rank; // block indices: written in full, first int only
    blocks[2 * full] = 10 * rank;
    blocks[2 * full + 1] = 10 * rank + 1;
    blocks[2 * half] = 10 * rank;
    MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, blocks, 2, MPI_INT, MPI_COMM_WORLD);
    volatile int seen = blocks[0] + blocks[1] + blocks[2] + blocks[3]; // read
    (void)seen;
    int errors = blocks[2 * peer] != 10 * peer;
    MPI_Finalize();
    return errors;
}
