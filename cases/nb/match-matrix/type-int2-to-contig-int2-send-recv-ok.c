// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends 2 MPI_INT with MPI_Send and rank 0 receives 1 contiguous datatype of 2 MPI_INT with MPI_Recv; the type signatures match.
// NPROCS: 2
// EXPECT: ok
// NOTE: Type signatures compare the sequences of basic types, so a derived datatype matches the same basic types sent one by one (MPI-3.1 §3.3.1, §4.1.2).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int in[2];
        MPI_Datatype pair;
        MPI_Type_contiguous(2, MPI_INT, &pair);
        MPI_Type_commit(&pair);
        MPI_Recv(in, 1, pair, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        errors += (in[0] != 7) | (in[1] != 8); /* | not ||: both received values are read */
        MPI_Type_free(&pair);
    } else if (rank == 1) {
        int out[2] = {7, 8};
        MPI_Send(out, 2, MPI_INT, 0, 0, MPI_COMM_WORLD);                // @send
    }

    MPI_Finalize();
    return errors != 0;
}
