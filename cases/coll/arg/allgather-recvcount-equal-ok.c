// DESCRIPTION: Every rank sends 1 int to MPI_Allgather and receives 1 int per rank.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg/allgather-recvcount-twice-sendcount-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int mine = rank, all[4] = {0};
    MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD); // @allgather

    MPI_Finalize();
    return all[0] != 0 || all[1] != 1;
}
