// DESCRIPTION: A C++ program that builds std::string values in its own code stores into the buffer of an MPI_Isend after MPI_Wait completed it.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §3.7.2: after MPI_Wait returns the send buffer may be modified.
#include <mpi.h>

#include <cstdio>
#include <string>

static volatile double sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const std::string who = std::string("rank ") + std::to_string(rank);
    const std::string label = who + " of " + std::to_string(2) + std::string(": ") + who;

    double data[4] = {1, 2, 3, 4};
    if (rank == 0) {
        MPI_Request req;
        MPI_Isend(data, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req); // @isend
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        data[0] = 5; // @store
    } else if (rank == 1) {
        MPI_Recv(data, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = data[i];
    }
    std::printf("%s: %g\n", label.c_str(), data[0]);

    MPI_Finalize();
    return 0;
}
