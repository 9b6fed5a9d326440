// GENERATED: cases/gen/rma_atomicity.cpp
// DESCRIPTION: Ranks 0 and 2 accumulate into rank 1's window in one lockall epoch; rank 0 uses a vector type of 2 ints with stride 2 (MPI_SUM), rank 2 the same type with MPI_PROD: different ops on the same elements.
// NPROCS: 3
// EXPECT: error rma.remote.atomicity
// EXPECT-AT: op-a op-b
// TWIN: rma/acc-datatypes/lockall-vector-same-op-ok
// NOTE: MPI-3.1 11.7.1: accumulate-family operations to one location are atomic per element of the same predefined datatype with the same op (or MPI_NO_OP); the target datatype may be derived from one predefined type (11.3.4), and atomicity holds element by element. Other concurrent overlapping accesses are erroneous.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int window[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    unsigned int uvalue[8] = {1u, 1u, 1u, 1u, 1u, 1u, 1u, 1u};
    int result[8], compare = 0;
    MPI_Datatype type;
    MPI_Type_vector(2, 1, 2, MPI_INT, &type);
    MPI_Type_commit(&type);

    MPI_Win_lock_all(0, win);
    if (rank == 0) {
        MPI_Accumulate(value, 1, type, 1, 0, 1, type, MPI_SUM, win);  // @op-a
    } else if (rank == 2) {
        MPI_Accumulate(value, 1, type, 1, 0, 1, type, MPI_PROD, win); // @op-b
    }
    MPI_Win_unlock_all(win);

    MPI_Type_free(&type);
    MPI_Win_free(&win);
    (void)uvalue; (void)result; (void)compare;

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
