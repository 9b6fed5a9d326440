// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 completes two receives with an MPI_Waitsome loop under MPI_ERRORS_RETURN and reads the statuses' MPI_ERROR fields only when the call returned MPI_ERR_IN_STATUS.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §3.7.5: a multiple-completion call that returns MPI_ERR_IN_STATUS sets the MPI_ERROR field of each status.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        int values[2] = {-1, -1};
        MPI_Request reqs[2];
        MPI_Status statuses[2];
        for (int i = 0; i < 2; i++)
            MPI_Irecv(&values[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &reqs[i]);
        int rc = MPI_SUCCESS;
        for (int done = 0; done < 2 && rc == MPI_SUCCESS;) {
            int completed, indices[2];
            rc = MPI_Waitsome(2, reqs, &completed, indices, statuses);
            if (rc == MPI_ERR_IN_STATUS) {
                for (int k = 0; k < completed; k++)
                    if (statuses[k].MPI_ERROR != MPI_SUCCESS)
                        errors++;
            } else if (rc != MPI_SUCCESS) {
                errors++;
            }
            done += completed;
        }
        errors += values[0] != 42 || values[1] != 43;
    } else if (rank == 1) {
        int values[2] = {42, 43};
        for (int i = 0; i < 2; i++)
            MPI_Send(&values[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
