// DESCRIPTION: Rank 0 fills 6 of 8 malloc'd doubles and sends exactly those 6 with MPI_Isend.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/valgrind-types/partial-isend-whole-nok
#include <mpi.h>
#include <stdlib.h>

enum { N = 8, FILLED = 6 };

static volatile double sink; /* the values past FILLED are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;
    if (rank == 0) {
        double *buf = malloc(N * sizeof *buf);
        for (int i = 0; i < FILLED; i++)
            buf[i] = 0.5 * i;
        MPI_Request req;
        MPI_Isend(buf, FILLED, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req); // @send
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        free(buf);
    } else if (rank == 1) {
        double in[N];
        MPI_Status status;
        MPI_Recv(in, N, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &status);
        for (int i = 0; i < FILLED; i++)
            errors += in[i] != 0.5 * i;
        int received;
        MPI_Get_count(&status, MPI_DOUBLE, &received);
        for (int i = FILLED; i < received; i++)
            sink = in[i];
    }
    MPI_Finalize();
    return errors != 0;
}
