// DESCRIPTION: Every rank sends 1 int to MPI_Allgather but gives a receive count of 2 ints per rank, so what it receives from each rank does not match what that rank sends.
// NPROCS: 2
// EXPECT: error coll.arg.type-mismatch
// EXPECT-AT: allgather
// TWIN: coll/arg/allgather-recvcount-equal-ok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.7: the type signature of sendcount, sendtype at a process must equal that of recvcount, recvtype at any other process. The allgather line runs on both ranks.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int mine = rank, all[4] = {0};
    MPI_Allgather(&mine, 1, MPI_INT, all, 2, MPI_INT, MPI_COMM_WORLD); // @allgather

    MPI_Finalize();
    return 0;
}
