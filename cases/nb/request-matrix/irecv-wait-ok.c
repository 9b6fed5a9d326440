// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts one MPI_Irecv and completes it with MPI_Wait.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/irecv-never-completed-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int value = -1;
        MPI_Request req;
        MPI_Irecv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @start
        MPI_Wait(&req, MPI_STATUS_IGNORE);                         // @complete
        errors += value != 42;
    } else if (rank == 1) {
        int value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
