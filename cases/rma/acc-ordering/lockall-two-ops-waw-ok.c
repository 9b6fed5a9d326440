// DESCRIPTION: Rank 1 accumulates to one int of rank 0 with MPI_SUM and then MPI_MAX in a lock_all epoch, on a window with accumulate_ordering=waw, which orders one write after another.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/acc-ordering/lockall-two-ops-rar-nok
// NOTE: MPI-3.1 11.7.2: accumulates from one origin to one target location run in program order for each pair of reads and writes that the window's accumulate_ordering info names (by default rar,raw,war,waw; "none" orders none); 11.7.1: accumulates that are not ordered and differ in op or element boundaries break atomicity.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window_values[4] = {0, 0, 0, 0};
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "accumulate_ordering", "waw");
    MPI_Win win;
    MPI_Win_create(window_values, sizeof window_values, sizeof(int), info, MPI_COMM_WORLD, &win);
    MPI_Info_free(&info);

    if (rank == 1) {
        int value = 3, old = 0;
        MPI_Win_lock_all(0, win);
        MPI_Accumulate(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win); // @first
        MPI_Accumulate(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_MAX, win); // @second
        MPI_Win_unlock_all(win);
        (void)old;
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
