// DESCRIPTION: Each of 3 ranks waits with MPI_Waitall for an MPI_Irecv from its left neighbour and an MPI_Issend to its right one, but posts the Issend only after the wait; every rank waits for the others' sends.
// NPROCS: 3
// EXPECT: error nb.match.deadlock
// EXPECT-AT: wait
// TWIN: nb/vclock/ring-waitall-np3-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §3.7.3: MPI_Waitall returns only when the receive matched; no send is started before every rank waits.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    int in = -1, out = rank;
    MPI_Request reqs[2];
    MPI_Irecv(&in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Waitall(1, reqs, MPI_STATUSES_IGNORE);                        // @wait
    MPI_Issend(&out, 1, MPI_INT, right, 0, MPI_COMM_WORLD, &reqs[1]);
    MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
