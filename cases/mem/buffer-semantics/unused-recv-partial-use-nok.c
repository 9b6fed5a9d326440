// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 receives 3 messages of 2 ints and only ever reads the second int of each (MPI_Recv).
// NPROCS: 2
// EXPECT: error mem.recv.unused
// EXPECT-AT: recv
// TWIN: mem/buffer-semantics/unused-recv-partial-use-read-ok
// ORIGIN: S. Fan, semantic memory checking in Open MPI (memchecker), doctoral thesis, section 4.2.3
// NOTE: A warning class: legal MPI, but data is transferred and never used.
#include <mpi.h>

enum { ROUNDS = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int sum = 0;
        for (int round = 0; round < ROUNDS; round++) {
            int in[2];
            MPI_Recv(in, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
            sum += in[1];
        }
        errors += sum != 3 * 11;
    } else if (rank == 1) {
        for (int round = 0; round < ROUNDS; round++) {
            int out[2] = {10, 11};
            MPI_Send(out, 2, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
