// DESCRIPTION: Rank 0 sets the MPI_ERROR field of its statuses to MPI_SUCCESS, completes two receives with MPI_Waitall returning MPI_SUCCESS, and reads the fields: they keep the program's value.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/valgrind-status/waitall-success-read-nok
// NOTE: MPI-3.1 §3.7.5: MPI_WAITALL sets the MPI_ERROR fields only when it returns MPI_ERR_IN_STATUS; otherwise it does not update them.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;
    if (rank == 0) {
        int in[2];
        MPI_Request reqs[2];
        MPI_Status statuses[2];
        for (int i = 0; i < 2; i++)
            statuses[i].MPI_ERROR = MPI_SUCCESS;
        for (int i = 0; i < 2; i++)
            MPI_Irecv(&in[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &reqs[i]);
        int rc = MPI_Waitall(2, reqs, statuses); // @waitall
        for (int i = 0; i < 2; i++)
            errors += in[i] != i;
        for (int i = 0; i < 2; i++)
            if (statuses[i].MPI_ERROR != MPI_SUCCESS) // @read
                errors++;
        errors += rc != MPI_SUCCESS;
    } else if (rank == 1) {
        for (int i = 0; i < 2; i++)
            MPI_Send(&i, 1, MPI_INT, 0, i, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
