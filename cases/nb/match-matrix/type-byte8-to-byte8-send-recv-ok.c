// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends the 8 bytes of two ints as MPI_BYTE with MPI_Send and rank 0 receives the 8 bytes of two ints as MPI_BYTE with MPI_Recv; the type signatures match.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/match-matrix/type-int2-to-byte8-send-recv-nok nb/match-matrix/type-byte8-to-int2-send-recv-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int in[2];
        MPI_Recv(in, (int)sizeof in, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        errors += (in[0] != 7) | (in[1] != 8); /* | not ||: both received values are read */
    } else if (rank == 1) {
        int out[2] = {7, 8};
        MPI_Send(out, (int)sizeof out, MPI_BYTE, 0, 0, MPI_COMM_WORLD);                  // @send
    }

    MPI_Finalize();
    return errors != 0;
}
