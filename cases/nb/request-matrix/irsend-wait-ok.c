// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts one MPI_Irsend and completes it with MPI_Wait.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/irsend-never-completed-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int value = 42;
        MPI_Request req;
        MPI_Barrier(MPI_COMM_WORLD); /* rank 1 has posted its receives */
        MPI_Irsend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @start
        MPI_Wait(&req, MPI_STATUS_IGNORE);                          // @complete
        int ack;
        MPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += ack != 43;
    } else if (rank == 1) {
        int value;
        MPI_Request req;
        MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errors += value != 42;
        int ack = value + 1;
        MPI_Send(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
