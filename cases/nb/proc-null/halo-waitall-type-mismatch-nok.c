// DESCRIPTION: Three ranks in a line exchange halos for 10 steps with MPI_Irecv/MPI_Isend and MPI_Waitall, MPI_PROC_NULL beyond the ends; the receive from the left neighbour is posted with MPI_FLOAT for ints sent with MPI_INT.
// NPROCS: 3
// EXPECT: error nb.match.type-mismatch
// EXPECT-AT: recv-left send-right
// TWIN: nb/proc-null/halo-waitall-ok
// NOTE: MPI-3.1 §3.3.1: the type signatures of send and receive must match (MPI_INT is not MPI_FLOAT, whatever their sizes). Each MPI_Waitall also completes receives from MPI_PROC_NULL (§3.11: no message, source MPI_PROC_NULL), which a checker must not pair with a message: MPICH 4.0 reports such a receive's status with source 0 and tag 0 under MPI_Testall.
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    const int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    int mine = rank, from_left = -1, from_right = -1, seen = 0;
    for (int step = 0; step < 10; step++) {
        MPI_Request reqs[4];
        MPI_Irecv(&from_left, 1, MPI_FLOAT, left, 0, MPI_COMM_WORLD, &reqs[0]); // @recv-left
        MPI_Irecv(&from_right, 1, MPI_INT, right, 0, MPI_COMM_WORLD, &reqs[1]);
        MPI_Isend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD, &reqs[2]); // @send-right
        MPI_Isend(&mine, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &reqs[3]);
        MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
        seen += from_left + from_right; /* each step reads what it received */
        mine += 1;
    }
    printf("rank %d: %d %d (%d)\n", rank, from_left, from_right, seen);

    MPI_Finalize();
    return 0;
}
