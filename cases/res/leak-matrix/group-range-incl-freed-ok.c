// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a group of a rank range with MPI_Group_range_incl, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/group-range-incl-leak-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Group world;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int ranges[1][3] = {{0, 1, 1}};
    MPI_Group group;
    MPI_Group_range_incl(world, 1, ranges, &group); // @create
    MPI_Group_free(&world);
    int members;
    MPI_Group_size(group, &members);
    MPI_Group_free(&group);

    MPI_Finalize();
    return 0;
}
