// DESCRIPTION: Rank 0 sends the first half of an array with MPI_Isend and updates only the second half (elements 4..7, outside the message) before MPI_Wait.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/isend-store-loop-before-waitall-nok
// NOTE: The send buffer is [field, field + 4 floats); the other half may be written while the send is pending.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    float field[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    int failed = 0;
    if (rank == 0) {
        MPI_Request request;
        MPI_Isend(field, 4, MPI_FLOAT, 1, 0, MPI_COMM_WORLD, &request);
        field[4] = -1.0f;
        for (int i = 4; i < 8; i++)
            field[i] = 2.0f * field[i];
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(field, 4, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            failed |= field[i] != i;
    }
    MPI_Finalize();
    return failed;
}
