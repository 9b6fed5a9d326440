// DESCRIPTION: Both branches of a rank test start an MPI_Ibarrier and complete it with MPI_Wait, rank 0 after some local work.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/ibarrier-ibcast-branches-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Request request;
    int work = 0;
    if (rank == 0) {
        MPI_Ibarrier(MPI_COMM_WORLD, &request);
        for (int i = 0; i < 10; i++)
            work += i;
    } else {
        MPI_Ibarrier(MPI_COMM_WORLD, &request);
    }
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    int failed = rank == 0 && work != 45;
    MPI_Finalize();
    return failed;
}
