// GENERATED: cases/gen/rma_atomicity.cpp
// DESCRIPTION: Ranks 0 and 2 accumulate into rank 1's window in one fence epoch; rank 0 uses a struct type of two int blocks at elements 0 and 2 (MPI_SUM), rank 2 eight MPI_INT elements with MPI_SUM: the same basic type.
// NPROCS: 3
// EXPECT: ok
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
    int type_len[2] = {1, 1};
    MPI_Aint type_at[2] = {0, 2 * sizeof(int)};
    MPI_Datatype type_of[2] = {MPI_INT, MPI_INT};
    MPI_Type_create_struct(2, type_len, type_at, type_of, &type);
    MPI_Type_commit(&type);

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Accumulate(value, 1, type, 1, 0, 1, type, MPI_SUM, win);       // @op-a
    } else if (rank == 2) {
        MPI_Accumulate(value, 8, MPI_INT, 1, 0, 8, MPI_INT, MPI_SUM, win); // @op-b
    }
    MPI_Win_fence(0, win);

    MPI_Type_free(&type);
    MPI_Win_free(&win);
    (void)uvalue; (void)result; (void)compare;

    MPI_Finalize();
    return errors != 0;
}
