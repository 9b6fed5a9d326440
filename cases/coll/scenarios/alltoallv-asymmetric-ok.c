// DESCRIPTION: Rank 0 sends 1 int to rank 1 and rank 1 sends 3 ints to rank 0 with MPI_Alltoallv, each receiver expecting exactly that many.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/scenarios/alltoallv-asymmetric-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int out[3] = {rank, rank, rank};
    int in[3] = {-1, -1, -1};
    int none[2] = {0, 0};
    int to_peer = (rank == 0) ? 1 : 3;   /* what this rank sends */
    int from_peer = (rank == 0) ? 3 : 1; /* what the peer sends */
    int peer = 1 - rank;
    int sendcounts[2], recvcounts[2];
    sendcounts[rank] = 0;
    sendcounts[peer] = to_peer;
    recvcounts[rank] = 0;
    recvcounts[peer] = from_peer;
    MPI_Alltoallv(out, sendcounts, none, MPI_INT, in, recvcounts, none, MPI_INT, MPI_COMM_WORLD); // @alltoallv

    MPI_Finalize();
    return in[from_peer - 1] != peer;
}
