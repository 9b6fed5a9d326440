// DESCRIPTION: Rank 0 fills a malloc'd buffer before sending it; rank 1 adds up the received values.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/send/uninitialized-nok
#include <mpi.h>
#include <stdlib.h>

enum { COUNT = 4 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int failed = 0;
    if (rank == 0) {
        int *data = malloc(COUNT * sizeof *data);
        for (int i = 0; i < COUNT; i++)
            data[i] = i;
        MPI_Send(data, COUNT, MPI_INT, 1, 0, MPI_COMM_WORLD); // @send
        free(data);
    } else {
        int received[COUNT];
        MPI_Recv(received, COUNT, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int sum = 0;
        for (int i = 0; i < COUNT; i++)
            sum += received[i]; // @use
        failed = sum != 6;
    }

    MPI_Finalize();
    return failed;
}
