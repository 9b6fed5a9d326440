// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 runs two persistent MPI_Recv_init requests for 2 rounds, completing each round before the next MPI_Startall.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/start-recv-init-startall-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int values[2] = {-1, -1};
        MPI_Request reqs[2];
        MPI_Status statuses[2];
        MPI_Recv_init(&values[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]); // @init
        MPI_Recv_init(&values[1], 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]);
        MPI_Startall(2, reqs);
        MPI_Waitall(2, reqs, statuses);
        errors += values[0] != 10 || values[1] != 20;
        MPI_Startall(2, reqs);                                                 // @restart
        MPI_Waitall(2, reqs, statuses);
        errors += values[0] != 11 || values[1] != 21;
        MPI_Request_free(&reqs[0]);
        MPI_Request_free(&reqs[1]);
    } else if (rank == 1) {
        for (int round = 0; round < 2; round++) {
            for (int tag = 0; tag < 2; tag++) {
                int value = 10 * (tag + 1) + round;
                MPI_Send(&value, 1, MPI_INT, 0, tag, MPI_COMM_WORLD);
            }
        }
    }

    MPI_Finalize();
    return errors != 0;
}
