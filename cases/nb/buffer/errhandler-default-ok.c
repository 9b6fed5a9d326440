// DESCRIPTION: The program reads the error handler of MPI_COMM_WORLD, of a duplicate and of MPI_COMM_SELF, expects the default MPI_ERRORS_ARE_FATAL, and exchanges one message that fits.
// NPROCS: 2
// EXPECT: ok
// TAGS: smoke
// NOTE: MPI-3.1 §8.3: MPI_ERRORS_ARE_FATAL is the default, inherited by new communicators. A checker that installs its own handler must not let the program see it.
#include <mpi.h>

static int is_fatal(MPI_Comm comm)
{
    MPI_Errhandler handler;
    MPI_Comm_get_errhandler(comm, &handler);
    const int fatal = handler == MPI_ERRORS_ARE_FATAL;
    if (handler != MPI_ERRORS_ARE_FATAL)
        MPI_Errhandler_free(&handler);
    return fatal;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    int bad = !is_fatal(MPI_COMM_WORLD) + !is_fatal(dup) + !is_fatal(MPI_COMM_SELF);

    int value = 7;
    if (rank == 0)
        MPI_Send(&value, 1, MPI_INT, 1, 0, dup);
    else
        MPI_Recv(&value, 1, MPI_INT, 0, 0, dup, MPI_STATUS_IGNORE);
    bad += value != 7;

    MPI_Comm_free(&dup);
    MPI_Finalize();
    return bad;
}
