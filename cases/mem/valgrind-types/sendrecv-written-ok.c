// DESCRIPTION: Both ranks exchange 3 written ints of a 4-int array with MPI_Sendrecv.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/valgrind-types/sendrecv-unwritten-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int out[4], in[4];
    for (int i = 0; i < 3; i++)
        out[i] = rank * 10 + i;
    int other = 1 - rank;
    MPI_Sendrecv(out, 3, MPI_INT, other, 0, in, 4, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @send
    int errors = in[0] != other * 10;
    MPI_Finalize();
    return errors;
}
