// DESCRIPTION: Rank 0 sends a freshly malloc'd buffer it never wrote; rank 1 adds up the received values.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: send
// TWIN: mem/send/initialized-ok
// NOTE: Not an MPI rule but C's (C11 §7.22.3.4: malloc'd memory is indeterminate): the message carries indeterminate values that rank 1 then uses at the use marker.
#include <mpi.h>
#include <stdlib.h>

enum { COUNT = 4 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int *data = malloc(COUNT * sizeof *data);
        MPI_Send(data, COUNT, MPI_INT, 1, 0, MPI_COMM_WORLD); // @send
        free(data);
    } else {
        int received[COUNT];
        MPI_Recv(received, COUNT, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int sum = 0;
        for (int i = 0; i < COUNT; i++)
            sum += received[i]; // @use
        (void)sum;
    }

    MPI_Finalize();
    return 0;
}
