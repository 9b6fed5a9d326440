// DESCRIPTION: Each rank creates and commits a datatype of two 2-int blocks with MPI_Type_create_hindexed_block, rank 0 sends one with it, and every rank frees it.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/type-hindexed-block-leak-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int data[8] = {0, 1, 2, 3, 4, 5, 6, 7}, failed = 0;
    MPI_Aint displacements[2] = {0, 4 * (MPI_Aint)sizeof(int)};
    MPI_Datatype blocks;
    MPI_Type_create_hindexed_block(2, 2, displacements, MPI_INT, &blocks); // @create
    MPI_Type_commit(&blocks);
    if (rank == 0) {
        MPI_Send(data, 1, blocks, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(data, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            failed |= data[i] != (i < 2 ? i : i + 2); /* blocks {0,1} and {4,5} */
    }
    MPI_Type_free(&blocks);

    MPI_Finalize();
    return failed;
}
