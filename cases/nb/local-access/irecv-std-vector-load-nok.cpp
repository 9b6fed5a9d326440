// DESCRIPTION: A C++ program receives into a std::vector<double> with MPI_Irecv and sums the vector with std::accumulate before MPI_Wait.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv
// TWIN: nb/local-access/irecv-std-vector-load-after-wait-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes; here it is a std::vector's heap storage, read through the library's iterators.
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
        const double sum = std::accumulate(v.begin(), v.end(), 0.0);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        std::printf("sum %g\n", sum);
    }

    MPI_Finalize();
    return 0;
}
