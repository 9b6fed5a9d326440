// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts MPI_Issend and then MPI_Irecv with the same request variable, completing the first with MPI_Wait before reusing the variable.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/reuse-issend-then-irecv-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int first = 10, second = -1;
        MPI_Request req;
        MPI_Issend(&first, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @first
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Irecv(&second, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req); // @reuse
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errors += second != 20;
    } else if (rank == 1) {
        int first;
        MPI_Recv(&first, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += first != 10;
        int second = 20;
        MPI_Send(&second, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
