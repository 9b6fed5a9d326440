// DESCRIPTION: The ranks make a 2x2 Cartesian grid, take its rows with MPI_Cart_sub and sum along them; both communicators are freed.
// NPROCS: 4
// EXPECT: ok
// TWIN: res/leak-matrix/cart-sub-rows-leak-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int dims[2] = {2, 2}, periods[2] = {0, 0}, keep[2] = {0, 1};
    MPI_Comm grid, row;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    MPI_Cart_sub(grid, keep, &row); // @sub
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, row);
    MPI_Comm_free(&row);
    MPI_Comm_free(&grid);

    MPI_Finalize();
    return 0;
}
