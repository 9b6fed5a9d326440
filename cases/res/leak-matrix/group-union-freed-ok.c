// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates the union of two single-rank groups with MPI_Group_union, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/group-union-leak-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Group world, low, high;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int first[1] = {0}, second[1] = {1};
    MPI_Group_incl(world, 1, first, &low);
    MPI_Group_incl(world, 1, second, &high);
    MPI_Group group;
    MPI_Group_union(low, high, &group); // @create
    MPI_Group_free(&low);
    MPI_Group_free(&high);
    MPI_Group_free(&world);
    int members;
    MPI_Group_size(group, &members);
    MPI_Group_free(&group);

    MPI_Finalize();
    return 0;
}
