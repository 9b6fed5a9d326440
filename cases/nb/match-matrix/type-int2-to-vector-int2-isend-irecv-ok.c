// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends 2 MPI_INT with MPI_Isend and rank 0 receives 1 vector datatype of 2 MPI_INT at stride 2 with MPI_Irecv; the type signatures match.
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
        int in[3] = {-1, -1, -1};
        MPI_Datatype spaced;
        MPI_Type_vector(2, 1, 2, MPI_INT, &spaced);
        MPI_Type_commit(&spaced);
        MPI_Request req;
        MPI_Irecv(in, 1, spaced, 1, 0, MPI_COMM_WORLD, &req);   // @recv
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errors += (in[0] != 7) | (in[2] != 8); /* | not ||: both received values are read */
        MPI_Type_free(&spaced);
    } else if (rank == 1) {
        int out[2] = {7, 8};
        MPI_Request req;
        MPI_Isend(out, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // @send
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    return errors != 0;
}
