// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 mallocs N ints and receives a message of N ints into them with MPI_Mprobe and MPI_Mrecv with a count of N + 1, one more than the allocation holds.
// NPROCS: 2
// EXPECT: error mem.recv.overrun
// EXPECT-AT: recv
// TWIN: mem/buffer-semantics/recv-overrun-mrecv-one-extra-ok
// REQUIRES: mpi-3
// ORIGIN: S. Fan, semantic memory checking in Open MPI (memchecker), doctoral thesis, section 4.2.3
// NOTE: MPI-3.1 §3.2.4: the receive buffer consists of count consecutive elements of the datatype starting at buf, so it must hold count elements even when the matched message is shorter; here the message fits, so nothing is written past the allocation natively.
#include <mpi.h>
#include <stdlib.h>

enum { N = 4 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int *in = malloc(N * sizeof *in);
        MPI_Message message;
        MPI_Status probed;
        MPI_Mprobe(1, 0, MPI_COMM_WORLD, &message, &probed);
        MPI_Mrecv(in, N + 1, MPI_INT, &message, MPI_STATUS_IGNORE); // @recv
        for (int i = 0; i < N; i++)
            errors += in[i] != 10 + i;
        free(in);
    } else if (rank == 1) {
        int out[N];
        for (int i = 0; i < N; i++)
            out[i] = 10 + i;
        MPI_Send(out, N, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
