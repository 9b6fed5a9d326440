// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends 1 contiguous datatype of 2 MPI_INT with MPI_Send and rank 0 receives 2 MPI_FLOAT with MPI_Recv; the type signatures do not match.
// NPROCS: 2
// EXPECT: error nb.match.type-mismatch
// EXPECT-AT: send recv
// TWIN: nb/match-matrix/type-contig-int2-to-int2-send-recv-ok
// NOTE: MPI-3.1 §3.3.1: the type signatures of send and receive must match; basic types match only by identical names (MPI_BYTE matches only MPI_BYTE, MPI_PACKED aside).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        float in[2];
        MPI_Recv(in, 2, MPI_FLOAT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        errors += (in[0] != 7.0f) | (in[1] != 8.0f); /* | not ||: both received values are read */
    } else if (rank == 1) {
        int out[2] = {7, 8};
        MPI_Datatype pair;
        MPI_Type_contiguous(2, MPI_INT, &pair);
        MPI_Type_commit(&pair);
        MPI_Send(out, 1, pair, 0, 0, MPI_COMM_WORLD);                        // @send
        MPI_Type_free(&pair);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
