// DESCRIPTION: Both ranks exchange 3 written ints of a 4-int array with MPI_Sendrecv.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/valgrind-types/sendrecv-unwritten-nok
#include <mpi.h>

static volatile int sink; /* received ints are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int out[4], in[4];
    for (int i = 0; i < 3; i++)
        out[i] = rank * 10 + i;
    int other = 1 - rank;
    MPI_Status status;
    MPI_Sendrecv(out, 3, MPI_INT, other, 0, in, 4, MPI_INT, other, 0, MPI_COMM_WORLD, &status); // @send
    int received;
    MPI_Get_count(&status, MPI_INT, &received);
    for (int i = 1; i < received; i++)
        sink = in[i];
    int errors = in[0] != other * 10;
    MPI_Finalize();
    return errors;
}
