// DESCRIPTION: Each rank creates and commits the datatype of its block of an 8-int array distributed over 2 processes with MPI_Type_create_darray, sends that block to itself with it, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/type-darray-leak-nok
// ORIGIN: interposition of every communicator and datatype constructor, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* 8 ints block-distributed over 2 processes: this rank's 4 of them */
    int global[8] = {0, 1, 2, 3, 4, 5, 6, 7}, local[4] = {-1, -1, -1, -1}, failed = 0;
    int gsizes[1] = {8}, distribs[1] = {MPI_DISTRIBUTE_BLOCK}, dargs[1] = {MPI_DISTRIBUTE_DFLT_DARG}, psizes[1] = {2};
    MPI_Datatype type;
    MPI_Type_create_darray(2, rank, 1, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &type); // @create
    MPI_Type_commit(&type);
    MPI_Sendrecv(global, 1, type, rank, 0, local, 4, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 4; i++)
        failed |= local[i] != 4 * rank + i;
    MPI_Type_free(&type);

    MPI_Finalize();
    return failed;
}
