// DESCRIPTION: Rank 0 sends 1 int to rank 1 and rank 1 sends 3 ints to rank 0 with MPI_Alltoallv, but each receiver expects 2 ints.
// NPROCS: 2
// EXPECT: error coll.arg.type-mismatch
// EXPECT-AT: alltoallv
// TWIN: coll/scenarios/alltoallv-asymmetric-ok
// TAGS: crash
// NOTE: MPI-3.1 §5.8: the type signature of sendcounts[j], sendtype at process i must equal that of recvcounts[i], recvtype at process j. Natively aborts with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int out[3] = {rank, rank, rank};
    int in[3] = {-1, -1, -1};
    int none[2] = {0, 0};
    int to_peer = (rank == 0) ? 1 : 3; /* what this rank sends */
    int from_peer = 2;                 /* wrong: the peer sends 1 or 3 */
    int peer = 1 - rank;
    int sendcounts[2], recvcounts[2];
    sendcounts[rank] = 0;
    sendcounts[peer] = to_peer;
    recvcounts[rank] = 0;
    recvcounts[peer] = from_peer;
    MPI_Alltoallv(out, sendcounts, none, MPI_INT, in, recvcounts, none, MPI_INT, MPI_COMM_WORLD); // @alltoallv

    MPI_Finalize();
    return 0;
}
