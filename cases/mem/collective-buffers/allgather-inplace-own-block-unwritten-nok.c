// DESCRIPTION: Each rank gathers 2 ints from every rank in place (MPI_Allgather with MPI_IN_PLACE); its own block in the receive buffer, which it sends, has one int never written.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: allgather
// TWIN: mem/collective-buffers/allgather-inplace-own-block-written-ok
// NOTE: MPI-3.1 §5.7: with MPI_IN_PLACE each process's input is taken from its own block of the receive buffer (at rank x recvcount).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int all[4];
    for (int i = 0; i < 1; i++)
        all[2 * rank + i] = 10 * rank + i;
    MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, 2, MPI_INT, MPI_COMM_WORLD); // @allgather
    volatile int seen = all[1] + all[3]; // read, never used
    (void)seen;
    int errors = all[0] != 0 || all[2] != 10;
    MPI_Finalize();
    return errors;
}
