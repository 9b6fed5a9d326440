// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a reduction op that it never uses, and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.op
// EXPECT-AT: create
// TWIN: res/leak-matrix/op-unused-freed-ok
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a op created and never freed as a resource leak (MBI: OperatorLeak). Natively completes with Open MPI and MPICH.
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

    MPI_Op op;
    MPI_Op_create(add_ints, 1, &op); // @create

    MPI_Finalize();
    return 0;
}
