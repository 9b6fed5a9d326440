// DESCRIPTION: Rank 0 reduces with a user-defined sum op and rank 1 with MPI_SUM; the results agree but the ops differ.
// NPROCS: 2
// EXPECT: error coll.arg.op-mismatch
// EXPECT-AT: allreduce
// TWIN: coll/scenarios/user-op-everywhere-ok
// NOTE: MPI-3.1 §5.9.1: all processes must provide the same op. Natively completes with Open MPI and MPICH.
#include <mpi.h>

/* Adds the ints of `in` to those of `inout`. */
static void add_ints(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int i = 0; i < *len; ++i)
        ((int *)inout)[i] += ((int *)in)[i];
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Op add;
    MPI_Op_create(add_ints, 1, &add);
    MPI_Op op = (rank == 0) ? add : MPI_SUM;
    int value = rank + 1, sum = 0;
    MPI_Allreduce(&value, &sum, 1, MPI_INT, op, MPI_COMM_WORLD); // @allreduce
    MPI_Op_free(&add);

    MPI_Finalize();
    return 0;
}
