// DESCRIPTION: Each rank gathers one int from every rank with MPI_Allgather; rank 1 has put its own int in its receive buffer and passes MPI_IN_PLACE, rank 0 passes a send buffer.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: send inplace
// TWIN: coll/arg/allgather-in-place-rank1-only-ok
// ORIGIN: MPI_IN_PLACE compared across ranks for the all-to-all collectives, 2026-11-29
// NOTE: MPI-3.1 §5.7: the in-place option of MPI_Allgather is selected by passing MPI_IN_PLACE as sendbuf at all processes.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int mine = 10 + rank, all[2] = {-1, -1};
    all[rank] = mine;
    if (rank == 0)
        MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD); // @send
    else
        MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, 1, MPI_INT, MPI_COMM_WORLD); // @inplace

    MPI_Finalize();
    return 0;
}
