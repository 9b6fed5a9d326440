// DESCRIPTION: Each rank, a group of its own, joins the other with MPI_Intercomm_create, exchanges its rank over the intercommunicator, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/intercomm-create-leak-nok
// ORIGIN: interposition of every communicator and datatype constructor, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* each rank is a group of its own; the intercommunicator joins the two */
    MPI_Comm self, inter;
    MPI_Comm_split(MPI_COMM_WORLD, rank, 0, &self);
    MPI_Intercomm_create(self, 0, MPI_COMM_WORLD, 1 - rank, 7, &inter); // @create
    int value = rank, received = -1;
    MPI_Sendrecv(&value, 1, MPI_INT, 0, 0, &received, 1, MPI_INT, 0, 0, inter, MPI_STATUS_IGNORE);
    const int failed = received != 1 - rank;
    MPI_Comm_free(&inter);
    MPI_Comm_free(&self);

    MPI_Finalize();
    return failed;
}
