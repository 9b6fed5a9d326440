// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates the group of MPI_COMM_WORLD with MPI_Comm_group, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/comm-group-leak-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Group group;
    MPI_Comm_group(MPI_COMM_WORLD, &group); // @create
    int members;
    MPI_Group_size(group, &members);
    MPI_Group_free(&group);

    MPI_Finalize();
    return 0;
}
