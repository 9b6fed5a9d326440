// DESCRIPTION: A C++ program receives into a std::vector<double> with MPI_Irecv and sums the vector with std::accumulate after MPI_Wait completed the receive.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>

#include <cstdio>
#include <numeric>
#include <vector>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    std::vector<double> v(16, 0.0);
    if (rank == 0) {
        std::iota(v.begin(), v.end(), 1.0);
        MPI_Send(v.data(), static_cast<int>(v.size()), MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Irecv(v.data(), static_cast<int>(v.size()), MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req); // @irecv
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        const double sum = std::accumulate(v.begin(), v.end(), 0.0);
        std::printf("sum %g\n", sum);
    }

    MPI_Finalize();
    return 0;
}
