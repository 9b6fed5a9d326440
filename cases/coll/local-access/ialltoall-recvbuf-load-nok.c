// DESCRIPTION: Every rank reads the receive buffer of its pending MPI_Ialltoall in a loop before MPI_Wait.
// NPROCS: 2
// EXPECT: error coll.buffer.access-during-nbc
// EXPECT-AT: ialltoall load
// TWIN: coll/local-access/ialltoall-recvbuf-load-after-wait-ok
// NOTE: MPI-3.1 §5.12: the receive buffer of a nonblocking collective must not be accessed until it completes.
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int out[2] = {rank, rank + 10};
    int in[2] = {0};
    int sum = 0;
    MPI_Request req;
    MPI_Ialltoall(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD, &req); // @ialltoall
    for (int i = 0; i < 2; i++)
        sum += in[i]; // @load
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank %d: sum %d\n", rank, sum);

    MPI_Finalize();
    return 0;
}
