// DESCRIPTION: All ranks call MPI_Bcast with root equal to the communicator size, which is not a rank.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: bcast
// TWIN: coll/arg/last-root-ok
// TAGS: smoke crash
// TIMEOUT: 10
// NOTE: MPI-3.1 §5.4: root must be a valid rank of the communicator. Both MPIs raise MPI_ERR_ROOT and MPI_COMM_WORLD's default handler (MPI_ERRORS_ARE_FATAL) aborts the job.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int root = size;
    int value = rank == root ? 7 : 0;
    MPI_Bcast(&value, 1, MPI_INT, root, MPI_COMM_WORLD); // @bcast

    int failed = value != 7;
    MPI_Finalize();
    return failed;
}
