// GENERATED: cases/gen/arg_invalid.cpp
// DESCRIPTION: Rank 0 locks rank 1's window and puts one int, passing MPI_LOCK_SHARED as lock type.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/arg-invalid/lock-invalid-type-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int window[4] = {0, 0, 0, 0}, value = 1;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win); // @call
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Win_free(&win);
    (void)size;

    MPI_Finalize();
    return errors != 0;
}
