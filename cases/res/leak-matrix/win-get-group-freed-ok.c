// DESCRIPTION: Each rank creates a window, takes its group with MPI_Win_get_group and counts its members, and frees the group and the window before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/win-get-group-leak-nok
// ORIGIN: interposition of every communicator and datatype constructor, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int values[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(values, sizeof values, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group group;
    MPI_Win_get_group(win, &group); // @create
    int members = 0;
    MPI_Group_size(group, &members);
    MPI_Group_free(&group);
    MPI_Win_free(&win);

    MPI_Finalize();
    return members != 2;
}
