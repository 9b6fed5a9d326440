// DESCRIPTION: Rank 0 starts an MPI_Isend to rank 1 and one to MPI_PROC_NULL, then stores into the first buffer before MPI_Waitall.
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: isend store
// TWIN: nb/local-access/isend-then-proc-null-store-after-waitall-ok
// NOTE: MPI-4.0 §3.7.2: a send buffer must not be modified until its send completes, however small the message. MPICH hands both requests one built-in handle (both done at once), which a checker keyed on handles confuses; the heat2d proxy kernel's send to MPI_PROC_NULL at the grid's edge has this shape.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int v[4] = {1, 2, 3, 4}, edge[4] = {5, 6, 7, 8};
    if (rank == 0) {
        MPI_Request reqs[2];
        MPI_Isend(v, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]); // @isend
        MPI_Isend(edge, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &reqs[1]);
        v[0] = -1; // @store
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(v, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = v[i];
    }

    MPI_Finalize();
    return 0;
}
