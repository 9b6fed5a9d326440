// DESCRIPTION: Rank 0 passes MPI_IN_PLACE as the send buffer of MPI_Allreduce, rank 1 a separate send buffer.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: inplace allreduce
// TWIN: coll/arg/allreduce-in-place-all-ok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.9.6: the in-place option of MPI_Allreduce is selected by passing MPI_IN_PLACE as sendbuf at all processes.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int send[4], values[4];
    for (int i = 0; i < 4; i++)
        send[i] = values[i] = rank + i;
    if (rank == 0)
        MPI_Allreduce(MPI_IN_PLACE, values, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @inplace
    else
        MPI_Allreduce(send, values, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD);         // @allreduce

    MPI_Finalize();
    return 0;
}
