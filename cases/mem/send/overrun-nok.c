// DESCRIPTION: Rank 0 sends eight ints from a heap buffer that holds only four.
// NPROCS: 2
// EXPECT: error mem.send.overrun
// EXPECT-AT: send
// TWIN: mem/send/count-fits-ok
// TAGS: smoke
// NOTE: MPI-3.1 §3.2.2: the send buffer is count consecutive elements starting at buf, so all of them must be valid memory; the last four lie past the malloc'd block.
#include <mpi.h>
#include <stdlib.h>

enum { ALLOCATED = 4, RECEIVE_CAPACITY = 8 };

static volatile int sink; /* the ints past ALLOCATED are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int failed = 0;
    if (rank == 0) {
        int *data = malloc(ALLOCATED * sizeof *data);
        for (int i = 0; i < ALLOCATED; i++)
            data[i] = i;
        MPI_Send(data, RECEIVE_CAPACITY, MPI_INT, 1, 0, MPI_COMM_WORLD); // @send
        free(data);
    } else {
        int received[RECEIVE_CAPACITY];
        MPI_Status status;
        MPI_Recv(received, RECEIVE_CAPACITY, MPI_INT, 0, 0, MPI_COMM_WORLD, &status);
        for (int i = 0; i < ALLOCATED; i++)
            failed |= received[i] != i;
        int count;
        MPI_Get_count(&status, MPI_INT, &count);
        for (int i = ALLOCATED; i < count; i++)
            sink = received[i];
    }

    MPI_Finalize();
    return failed;
}
