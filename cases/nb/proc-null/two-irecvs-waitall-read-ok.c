// DESCRIPTION: Each rank posts two MPI_Irecv calls from MPI_PROC_NULL into two buffers beside a real exchange, completes all with MPI_Waitall and then reads both buffers.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §3.11: a receive from MPI_PROC_NULL completes at once and writes nothing; after MPI_Waitall every buffer may be read. Both MPIs return one shared request handle for such receives, which a checker keying its state by handle must not confuse (memcheck once left one of the two buffers no-access).
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int other = 1 - rank;

    double above[4] = {1, 2, 3, 4}, below[4] = {5, 6, 7, 8};
    int mine = rank, theirs = -1;
    MPI_Request reqs[4];
    MPI_Irecv(above, 4, MPI_DOUBLE, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(below, 4, MPI_DOUBLE, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Irecv(&theirs, 1, MPI_INT, other, 2, MPI_COMM_WORLD, &reqs[2]);
    MPI_Isend(&mine, 1, MPI_INT, other, 2, MPI_COMM_WORLD, &reqs[3]);
    MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);

    double sum = 0;
    for (int i = 0; i < 4; i++)
        sum += above[i] + below[i];
    printf("rank %d: sum %g, theirs %d\n", rank, sum, theirs);

    MPI_Finalize();
    return 0;
}
