// DESCRIPTION: Each rank exchanges one value with its neighbour: a helper posts MPI_Irecv and MPI_Isend into a request array, another helper completes both with MPI_Waitall.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/scenarios/halo-wait-in-helper-short-nok
// NOTE: Completion in a callee: a checker must follow the request array into finish_exchange.
#include <mpi.h>

static void start_exchange(int *out, int *in, int peer, MPI_Request reqs[2])
{
    MPI_Irecv(in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[1]);
}

static void finish_exchange(MPI_Request reqs[2])
{
    MPI_Status statuses[2];
    MPI_Waitall(2, reqs, statuses);
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
    return errors;
}
