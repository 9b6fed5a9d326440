// DESCRIPTION: Each rank exchanges one value with its neighbour: a helper posts MPI_Irecv and MPI_Isend into a request array, but the helper meant to complete them passes MPI_Waitall a count of 1, so the send request is still pending at MPI_Finalize.
// NPROCS: 2
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: start complete
// TWIN: nb/scenarios/halo-wait-in-helper-ok
// NOTE: MPI-3.1 §3.7.3 and §8.7: every nonblocking operation must be completed, or its request freed, before MPI_Finalize.
#include <mpi.h>

static void start_exchange(int *out, int *in, int peer, MPI_Request reqs[2])
{
    MPI_Irecv(in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[1]); // @start
}

static void finish_exchange(MPI_Request reqs[2])
{
    MPI_Status statuses[2];
    MPI_Waitall(1, reqs, statuses); // @complete
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int out = rank, in = -1;
    MPI_Request reqs[2];
    start_exchange(&out, &in, 1 - rank, reqs);
    finish_exchange(reqs);
    int errors = in != 1 - rank;
    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the send pending */
    return 0;
}
