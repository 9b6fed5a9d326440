// DESCRIPTION: On a copy of MPI_COMM_WORLD made with MPI_Comm_dup_with_info, both ranks call MPI_Allreduce.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/order/dup-with-info-barrier-vs-allreduce-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Comm copy;
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &copy);
    int value = 1, sum = 0;
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, copy);            // @allreduce
    MPI_Comm_free(&copy);

    MPI_Finalize();
    return sum != 2;
}
