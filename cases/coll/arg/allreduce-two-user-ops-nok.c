// DESCRIPTION: Every rank creates two user-defined ops (max and sum); rank 0 passes the max op to MPI_Allreduce, the other ranks the sum op.
// NPROCS: 3
// EXPECT: error coll.arg.op-mismatch
// EXPECT-AT: allreduce
// TWIN: coll/arg/allreduce-two-user-ops-ok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.9.1: the op must be the same at all processes; two ops made by MPI_Op_create from different functions are different ops (§5.9.5). The allreduce line runs on every rank.
#include <mpi.h>

static void my_max(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int i = 0; i < *len; i++)
        if (((int *)in)[i] > ((int *)inout)[i])
            ((int *)inout)[i] = ((int *)in)[i];
}

static void my_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int i = 0; i < *len; i++)
        ((int *)inout)[i] += ((int *)in)[i];
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Op op_max, op_sum;
    MPI_Op_create(my_max, 1, &op_max);
    MPI_Op_create(my_sum, 1, &op_sum);
    int value = rank, result = 0;
    MPI_Allreduce(&value, &result, 1, MPI_INT, rank == 0 ? op_max : op_sum, MPI_COMM_WORLD); // @allreduce
    MPI_Op_free(&op_max);
    MPI_Op_free(&op_sum);

    MPI_Finalize();
    return 0;
}
