// DESCRIPTION: The ranks duplicate MPI_COMM_WORLD with MPI_Comm_idup, complete it, and call MPI_Reduce on the copy with root 0 on both ranks.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg/idup-reduce-root-mismatch-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Comm copy;
    MPI_Request request;
    MPI_Comm_idup(MPI_COMM_WORLD, &copy, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    int value = rank + 1, sum = 0;
    int root = 0;
    MPI_Reduce(&value, &sum, 1, MPI_INT, MPI_SUM, root, copy); // @reduce
    MPI_Comm_free(&copy);

    MPI_Finalize();
    return rank == 0 && sum != 3;
}
