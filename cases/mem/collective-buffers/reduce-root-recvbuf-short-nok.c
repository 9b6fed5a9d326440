// DESCRIPTION: Two ranks sum 3 ints to rank 0 with MPI_Reduce; rank 0 allocated its receive buffer for 2 of them. Rank 1 passes NULL as the receive buffer, which only the root uses.
// NPROCS: 2
// EXPECT: error mem.recv.overrun
// EXPECT-AT: reduce
// TWIN: mem/collective-buffers/reduce-root-recvbuf-fits-ok
// NOTE: MPI-3.1 §5.9.1: the root's receive buffer holds count elements of the datatype. The result's last int lands past the 8-byte allocation, within malloc's slack natively.
#include <mpi.h>
#include <stdlib.h>

enum { N = 3, ROOM = 2 }; // ints reduced, ints the root allocates

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int in[N];
    for (int i = 0; i < N; i++)
        in[i] = rank + i;
    int *sum = rank == 0 ? malloc(ROOM * sizeof *sum) : NULL;
    MPI_Reduce(in, sum, N, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD); // @reduce
    int errors = 0;
    for (int i = 0; rank == 0 && i < ROOM; i++)
        errors += sum[i] != 1 + 2 * i;
    free(sum);
    MPI_Finalize();
    return errors;
}
