// DESCRIPTION: Each rank gathers one int from every rank with MPI_Allgather; every rank has put its own int in its receive buffer and passes MPI_IN_PLACE.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg/allgather-in-place-rank1-only-nok
// ORIGIN: MPI_IN_PLACE compared across ranks for the all-to-all collectives, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int mine = 10 + rank, all[2] = {-1, -1};
    all[rank] = mine;
    MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, 1, MPI_INT, MPI_COMM_WORLD);

    MPI_Finalize();
    return all[0] != 10 || all[1] != 11;
}
