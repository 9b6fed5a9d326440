// DESCRIPTION: Rank 0 receives 4 ints and overwrites them with a local computation before ever reading them.
// NPROCS: 2
// EXPECT: error mem.recv.write-before-read
// EXPECT-AT: recv overwrite
// TWIN: mem/valgrind-pending/recv-used-then-overwritten-ok
// NOTE: A warning class (memchecker thesis): legal MPI, but the message is transferred for nothing.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;
    if (rank == 0) {
        int in[4];
        MPI_Recv(in, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        for (int i = 0; i < 4; i++)
            in[i] = rank * i;                 // @overwrite
        int sum = in[0] + in[1] + in[2] + in[3];
        errors += sum < 0;
    } else if (rank == 1) {
        int out[4] = {1, 2, 3, 4};
        MPI_Send(out, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return errors;
}
