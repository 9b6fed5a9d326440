// DESCRIPTION: Every rank exchanges with its neighbour and waits under if (size > 1), a condition that holds on every rank of the 2-rank run.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/wait-under-size-condition-missing-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int out = rank, in = -1, failed = 0;
    if (size > 1) {
        int peer = (rank + 1) % size, from = (rank + size - 1) % size;
        MPI_Request send, recv;
        MPI_Irecv(&in, 1, MPI_INT, from, 0, MPI_COMM_WORLD, &recv);
        MPI_Isend(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &send);
        MPI_Wait(&recv, MPI_STATUS_IGNORE);
        MPI_Wait(&send, MPI_STATUS_IGNORE);
        failed = in != from;
    }
    MPI_Finalize();
    return failed;
}
