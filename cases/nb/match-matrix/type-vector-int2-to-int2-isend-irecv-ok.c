// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends 1 vector datatype of 2 MPI_INT at stride 2 with MPI_Isend and rank 0 receives 2 MPI_INT with MPI_Irecv; the type signatures match.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/match-matrix/type-vector-int2-to-float2-isend-irecv-nok
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
        MPI_Request req;
        MPI_Irecv(in, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @recv
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errors += (in[0] != 7) | (in[1] != 8); /* | not ||: both received values are read */
    } else if (rank == 1) {
        int out[3] = {7, 0, 8};
        MPI_Datatype spaced;
        MPI_Type_vector(2, 1, 2, MPI_INT, &spaced);
        MPI_Type_commit(&spaced);
        MPI_Request req;
        MPI_Isend(out, 1, spaced, 0, 0, MPI_COMM_WORLD, &req); // @send
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Type_free(&spaced);
    }

    MPI_Finalize();
    return errors != 0;
}
