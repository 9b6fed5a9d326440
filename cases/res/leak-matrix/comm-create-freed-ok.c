// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a communicator from the group of MPI_COMM_WORLD with MPI_Comm_create, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/comm-create-leak-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Group world;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Comm comm;
    MPI_Comm_create(MPI_COMM_WORLD, world, &comm); // @create
    MPI_Group_free(&world);
    MPI_Barrier(comm);
    MPI_Comm_free(&comm);

    MPI_Finalize();
    return 0;
}
