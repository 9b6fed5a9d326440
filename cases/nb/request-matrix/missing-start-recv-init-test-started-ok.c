// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 creates a persistent MPI_Recv_init request and polls it with MPI_Test, starting the request first.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/missing-start-recv-init-test-nok
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
        MPI_Recv_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
        MPI_Start(&req);
        int flag = 0;
        while (!flag)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);                  // @complete
        errors += value != 10;
        MPI_Request_free(&req);
    } else if (rank == 1) {
        int value = 10;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
