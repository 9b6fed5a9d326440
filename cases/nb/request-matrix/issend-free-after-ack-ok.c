// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts one MPI_Issend, frees the active request, and knows the send has completed once rank 1 acknowledges the message.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/issend-never-completed-nok
// NOTE: MPI-3.1 §3.7.3: an active send request may be freed; the reply tells the sender that the send completed.
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
        MPI_Issend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);              // @start
        MPI_Request_free(&req); /* rank 1's acknowledgement proves completion */ // @complete
        int ack;
        MPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += ack != 43;
    } else if (rank == 1) {
        int value;
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += value != 42;
        int ack = value + 1;
        MPI_Send(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
